import { useState, type FormEvent } from 'react';
import { Dialog } from 'radix-ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ZAdminUpdateUserRequest, type TAdminUpdateUserRequest, type TAdminUser } from '@contract/admin';
import { Button } from '@web/components/ui/button';
import { DialogPanel } from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { errorMessage } from '@web/lib/api';
import { useAuth } from '@web/lib/auth';
import { parsedApi, useAdminHash } from '../api';

type Form = { username: string; firstName: string; lastName: string; email: string; credits: string; role: string };
const toForm = (u: TAdminUser): Form => ({
  username: u.username,
  firstName: u.firstName ?? '',
  lastName: u.lastName ?? '',
  email: u.email,
  credits: String(u.credits),
  role: u.role,
});

/** §5: non-numeric credits become 0 (a negative number stays, to be refused with its message). */
export const parseCredits = (text: string): number => {
  const n = Number(text.trim());
  return text.trim() === '' || !Number.isFinite(n) ? 0 : Math.trunc(n);
};

/** Edit dialog (§2.7, §5): prefilled from the user; on success it closes and the list is refreshed. */
export function EditUserDialog({ user, onClose }: { user: TAdminUser | null; onClose: () => void }) {
  const hash = useAdminHash().data;
  const queryClient = useQueryClient();
  // Only a super_admin grants super_admin (docs/decisions/007-admin-path.md); the server refuses it too.
  const mayGrantSuper = useAuth().user?.role === 'super_admin';
  // Filled from the user once: the list keys this dialog by the user it opens for, so each opening starts afresh.
  const [form, setForm] = useState<Form | null>(() => (user ? toForm(user) : null));
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});

  const save = useMutation({
    mutationFn: (body: TAdminUpdateUserRequest) =>
      parsedApi('PUT /api/admin/:hash/users/:id', { params: { hash: hash!, id: user!.id }, body }),
    onSuccess: async () => {
      toast.success('User updated successfully');
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
      onClose();
    },
    onError: (error) => toast.error('Error updating user', { description: errorMessage(error) }),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form) return;
    const body = { ...form, firstName: form.firstName || null, lastName: form.lastName || null, credits: parseCredits(form.credits) };
    const parsed = ZAdminUpdateUserRequest.safeParse(body);
    if (!parsed.success) {
      const next: Partial<Record<keyof Form, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Form] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    // The validated form as typed (not parsed.data: the server trims and coerces it itself).
    save.mutate(body as TAdminUpdateUserRequest);
  };
  const field = (key: keyof Form) => ({
    value: form?.[key] ?? '',
    onChange: (e: { target: { value: string } }) => setForm((f) => (f ? { ...f, [key]: e.target.value } : f)),
  });

  return (
    <Dialog.Root open={!!user} onOpenChange={(open) => !open && onClose()}>
      {user && form && (
        <DialogPanel title={`Edit ${user.username}`} description="Change the account's details, credits and role.">
          <form onSubmit={submit} noValidate className="grid gap-3">
            <FormField label="Username" error={errors.username}>
              <Input autoComplete="off" {...field('username')} />
            </FormField>
            <div className="grid gap-3 sm:grid-cols-2">
              <FormField label="First name" error={errors.firstName}>
                <Input autoComplete="off" {...field('firstName')} />
              </FormField>
              <FormField label="Last name" error={errors.lastName}>
                <Input autoComplete="off" {...field('lastName')} />
              </FormField>
            </div>
            <FormField label="Email" error={errors.email}>
              <Input type="email" autoComplete="off" {...field('email')} />
            </FormField>
            <FormField label="Credits" error={errors.credits}>
              <Input inputMode="numeric" {...field('credits')} />
            </FormField>
            <FormField label="Role" error={errors.role}>
              <Select {...field('role')}>
                <option value="user">User</option>
                <option value="admin">Admin</option>
                <option value="super_admin" disabled={!mayGrantSuper}>
                  Super Admin
                </option>
              </Select>
            </FormField>
            <div className="flex justify-end gap-2 pt-2">
              <Dialog.Close asChild>
                <Button variant="outline">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? 'Saving…' : 'Save Changes'}
              </Button>
            </div>
          </form>
        </DialogPanel>
      )}
    </Dialog.Root>
  );
}
