import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { TResetPasswordRequest } from '@contract/auth';
import { RESET_CODE_LENGTH } from '@contract/auth-rules';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { errorMessage } from '@web/lib/api';
import { AuthCard } from './AuthCard';
import { PasswordInput } from './PasswordInput';
import { passwordProblems } from './password-rules';
import { PasswordRules } from './PasswordRules';
import { api } from '@web/lib/api-client';

/** Spec §2.5 and §5: email (prefilled from ?email), code, new and confirmed password with live rules. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [form, setForm] = useState<TResetPasswordRequest>({
    email: params.get('email') ?? '',
    resetCode: '',
    newPassword: '',
    confirmPassword: '',
  });
  const [blocker, setBlocker] = useState<{ title: string; detail?: string } | null>(null);
  const set = (key: keyof TResetPasswordRequest) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  const reset = useMutation({
    mutationFn: (body: TResetPasswordRequest) => api('POST /api/auth/reset-password', { body }),
    onSuccess: () => {
      toast.success('Password reset successful', {
        description: 'Your password has been updated. You can now log in with your new password.',
      });
      navigate('/auth/login');
    },
    onError: (error) =>
      toast.error('Error resetting password', { description: errorMessage(error, 'Please check your reset code and try again.') }),
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const values = { ...form, email: form.email.trim(), resetCode: form.resetCode.trim() };
    if (!values.email || !values.resetCode || !values.newPassword || !values.confirmPassword) {
      setBlocker({ title: 'Please fill in all fields' });
      return;
    }
    const [problem] = passwordProblems(values.newPassword, values.confirmPassword);
    if (problem) {
      setBlocker(problem);
      return;
    }
    setBlocker(null);
    reset.mutate(values);
  };

  return (
    <AuthCard title="Reset your password" description="Enter the code from your email and choose a new password.">
      <form noValidate className="grid gap-4" onSubmit={submit}>
        {blocker && (
          <Alert variant="destructive">
            <AlertTitle>{blocker.title}</AlertTitle>
            {blocker.detail && <AlertDescription>{blocker.detail}</AlertDescription>}
          </Alert>
        )}
        <FormField label="Email">
          <Input type="email" autoComplete="email" value={form.email} onChange={set('email')} />
        </FormField>
        <FormField label="Reset code" hint="6-digit code from email">
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={RESET_CODE_LENGTH}
            value={form.resetCode}
            onChange={set('resetCode')}
            className="tracking-[0.3em]"
          />
        </FormField>
        <FormField label="New password">
          <PasswordInput autoComplete="new-password" value={form.newPassword} onChange={set('newPassword')} />
        </FormField>
        <FormField label="Confirm password">
          <PasswordInput autoComplete="new-password" value={form.confirmPassword} onChange={set('confirmPassword')} />
        </FormField>
        <PasswordRules password={form.newPassword} confirm={form.confirmPassword} />
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
