import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ZForgotPasswordRequest, type TForgotPasswordRequest } from '@contract/auth';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { errorMessage } from '@web/lib/api';
import { AuthCard } from './AuthCard';
import { api } from '@web/lib/api-client';

/** Spec §2.5: an email step, then 'Check Your Email' with Resend Email and Back to Login. */
export default function ForgotPasswordPage() {
  // The address the code went to: shown on the sent step and sent again by Resend Email.
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<TForgotPasswordRequest>({ resolver: zodResolver(ZForgotPasswordRequest), defaultValues: { email: '' } });
  const send = useMutation({
    mutationFn: (body: TForgotPasswordRequest) => api('POST /api/auth/forgot-password', { body }),
    onSuccess: (_, body) => {
      setSentTo(body.email);
      toast.success('Password reset email sent', { description: 'Please check your email for the reset code.' });
    },
    onError: (error) => toast.error('Error sending reset email', { description: errorMessage(error, 'Please try again later.') }),
  });

  if (sentTo !== null) {
    return (
      <AuthCard
        title="Check Your Email"
        description={
          <>
            If an account exists for <strong className="text-slate-900">{sentTo}</strong>, we sent it a 6-digit reset code. It expires in 10
            minutes.
          </>
        }
      >
        <div className="grid gap-3">
          <div className="flex justify-center py-2 text-brand-700">
            <MailCheck aria-hidden className="size-12" />
          </div>
          <Button asChild>
            <Link to={`/auth/reset-password?email=${encodeURIComponent(sentTo)}`}>Enter reset code</Link>
          </Button>
          <Button variant="outline" onClick={() => send.mutate({ email: sentTo })} disabled={send.isPending}>
            {send.isPending ? 'Sending…' : 'Resend Email'}
          </Button>
          <Button asChild variant="ghost">
            <Link to="/auth/login">Back to Login</Link>
          </Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Forgot your password?" description="Enter the email of your account and we'll send you a 6-digit code to reset it.">
      <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((values) => send.mutate(values))}>
        <FormField label="Email" error={form.formState.errors.email?.message}>
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the address is this page's one field */}
          <Input type="email" required autoComplete="email" autoFocus {...form.register('email')} />
        </FormField>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send reset code'}
        </Button>
        <Link to="/auth/login" className="text-center text-sm text-brand-700 hover:underline">
          Back to Login
        </Link>
      </form>
    </AuthCard>
  );
}
