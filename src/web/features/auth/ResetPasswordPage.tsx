import { useMutation } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { ZResetPasswordRequest, type TResetPasswordRequest } from '@contract/auth';
import { RESET_CODE_LENGTH } from '@contract/auth-rules';
import { Alert, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { errorMessage } from '@web/lib/api';
import { requireAllFirst, useFormMessage } from '@web/lib/forms';
import { AuthCard } from './AuthCard';
import { PasswordInput } from './PasswordInput';
import { shownByLiveRules } from './password-rules';
import { PasswordRules } from './PasswordRules';
import { api } from '@web/lib/api-client';

type ResetForm = z.input<typeof ZResetPasswordRequest>;
const FIELDS = ['email', 'resetCode', 'newPassword', 'confirmPassword'] as const;

/** Spec §2.5 and §5: email (prefilled from ?email), code, new and confirmed password with live rules. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const form = useForm<ResetForm, unknown, TResetPasswordRequest>({
    resolver: requireAllFirst(ZResetPasswordRequest, FIELDS),
    defaultValues: { email: params.get('email') ?? '', resetCode: '', newPassword: '', confirmPassword: '' },
  });
  // The "fill in all fields" message goes as the user types.
  useFormMessage(form);

  const reset = useMutation({
    mutationFn: (body: TResetPasswordRequest) => api('POST /api/auth/reset-password', { body }),
    onSuccess: () => {
      toast.success('Password reset successful', {
        description: 'Your password has been updated. You can now log in with your new password.',
      });
      void navigate('/auth/login');
    },
    onError: (error) =>
      toast.error('Error resetting password', { description: errorMessage(error, 'Please check your reset code and try again.') }),
  });

  const { errors } = form.formState;
  const [password, confirm] = useWatch({ control: form.control, name: ['newPassword', 'confirmPassword'] });
  // The live alerts below already say "too short" and "don't match" (with the spec's detail): not twice.
  const passwordError = (message?: string) => (shownByLiveRules(message, password, confirm) ? undefined : message);

  return (
    <AuthCard title="Reset your password" description="Enter the code from your email and choose a new password.">
      <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((values) => reset.mutate(values))}>
        {errors.root?.message && (
          <Alert variant="destructive">
            <AlertTitle>{errors.root.message}</AlertTitle>
          </Alert>
        )}
        <FormField label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </FormField>
        <FormField label="Reset code" hint="6-digit code from email" error={errors.resetCode?.message}>
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={RESET_CODE_LENGTH}
            className="tracking-[0.3em]"
            {...form.register('resetCode')}
          />
        </FormField>
        <FormField label="New password" error={passwordError(errors.newPassword?.message)}>
          <PasswordInput autoComplete="new-password" {...form.register('newPassword')} />
        </FormField>
        <FormField label="Confirm password" error={passwordError(errors.confirmPassword?.message)}>
          <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
        </FormField>
        <PasswordRules password={password} confirm={confirm} />
        <Button type="submit" disabled={reset.isPending}>
          {reset.isPending ? 'Resetting…' : 'Reset password'}
        </Button>
        <Link to="/auth/login" className="text-center text-sm text-brand-700 hover:underline">
          Back to Login
        </Link>
      </form>
    </AuthCard>
  );
}
