import { useState, type FormEvent } from 'react';
import { Dialog } from 'radix-ui';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ADMIN_USER_MESSAGES, type TAdminUser } from '@contract/admin';
import { Button } from '@web/components/ui/button';
import { DialogPanel } from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { errorMessage } from '@web/lib/api';
import { parsedApi, useAdminHash } from '../api';

/** §5: each ≥ 6, equal (the mismatch is told on confirmPassword); only newPassword is sent. */
export function resetErrors(newPassword: string, confirmPassword: string) {
  const errors: { newPassword?: string; confirmPassword?: string } = {};
  if (newPassword.length < 6) errors.newPassword = ADMIN_USER_MESSAGES.password;
  if (confirmPassword.length < 6) errors.confirmPassword = ADMIN_USER_MESSAGES.password;
  else if (newPassword !== confirmPassword) errors.confirmPassword = ADMIN_USER_MESSAGES.mismatch;
  return errors;
}

export function ResetPasswordDialog({ user, onClose }: { user: TAdminUser | null; onClose: () => void }) {
  const hash = useAdminHash().data;
  const [newPassword, setNew] = useState('');
  const [confirmPassword, setConfirm] = useState('');
  // Empty at each opening: the list keys this dialog by the user it opens for.
  const [errors, setErrors] = useState<ReturnType<typeof resetErrors>>({});
  const reset = useMutation({
    mutationFn: () =>
      parsedApi('POST /api/admin/:hash/users/:id/reset-password', { params: { hash: hash!, id: user!.id }, body: { newPassword } }),
    onSuccess: () => {
      toast.success('Password reset successfully');
      onClose();
    },
    onError: (error) => toast.error('Error resetting password', { description: errorMessage(error) }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = resetErrors(newPassword, confirmPassword);
    setErrors(found);
    if (!found.newPassword && !found.confirmPassword) reset.mutate();
  };
  return (
    <Dialog.Root open={!!user} onOpenChange={(open) => !open && onClose()}>
      {user && (
        <DialogPanel
          title={`Reset password for ${user.username}`}
          description="The user is signed out everywhere and signs in with the new password."
        >
          <form onSubmit={submit} noValidate className="grid gap-3">
            <FormField label="New password" error={errors.newPassword}>
              <Input type="password" autoComplete="new-password" value={newPassword} onChange={(e) => setNew(e.target.value)} />
            </FormField>
            <FormField label="Confirm password" error={errors.confirmPassword}>
              <Input type="password" autoComplete="new-password" value={confirmPassword} onChange={(e) => setConfirm(e.target.value)} />
            </FormField>
            <div className="flex justify-end gap-2 pt-2">
              <Dialog.Close asChild>
                <Button variant="outline">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" disabled={reset.isPending}>
                {reset.isPending ? 'Resetting…' : 'Reset Password'}
              </Button>
            </div>
          </form>
        </DialogPanel>
      )}
    </Dialog.Root>
  );
}
