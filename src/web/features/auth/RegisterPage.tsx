import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useFormMessage } from '@web/lib/forms';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { PASSWORD_MIN, ZRegisterRequest } from '@contract/auth';
import { STARTER_FREE_CREDITS } from '@contract/plans';
import type { z } from 'zod';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { CURRENT_USER_KEY, useAuth } from '@web/lib/auth';
import { applyServerError } from '@web/lib/form-errors';
import { AuthCard } from './AuthCard';
import { PasswordInput } from './PasswordInput';
import { api } from '@web/lib/api-client';

type RegisterForm = z.input<typeof ZRegisterRequest>;
type RegisterBody = z.output<typeof ZRegisterRequest>;
const FIELDS = ['username', 'email', 'password', 'firstName', 'lastName'] as const;

export default function RegisterPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<RegisterForm, unknown, RegisterBody>({
    resolver: zodResolver(ZRegisterRequest),
    defaultValues: { username: '', email: '', password: '', firstName: '', lastName: '' },
  });
  const [formError, setFormError] = useFormMessage(form);

  const register = useMutation({
    mutationFn: (body: RegisterBody) => api('POST /api/auth/register', { body }),
    onSuccess: (created) => {
      queryClient.setQueryData(CURRENT_USER_KEY, created);
      void navigate('/account/dashboard', { replace: true });
    },
    onError: (error) => setFormError(applyServerError(error, form.setError, FIELDS)),
  });

  if (user && !register.isPending && !register.isSuccess) return <Navigate to="/account/dashboard" replace />;
  const { errors } = form.formState;

  return (
    <AuthCard
      title="Create your account"
      description={`Start with ${STARTER_FREE_CREDITS} free grading credits. No card needed.`}
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className="font-medium text-brand-700 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <form
        noValidate
        className="grid gap-4"
        onSubmit={form.handleSubmit((values) => {
          setFormError(null);
          register.mutate(values);
        })}
      >
        {formError && <Alert variant="destructive">{formError}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="First name (optional)" error={errors.firstName?.message}>
            <Input autoComplete="given-name" {...form.register('firstName')} />
          </FormField>
          <FormField label="Last name (optional)" error={errors.lastName?.message}>
            <Input autoComplete="family-name" {...form.register('lastName')} />
          </FormField>
        </div>
        <FormField label="Username" error={errors.username?.message} hint="3–32 letters, digits, dots, dashes or underscores.">
          <Input autoComplete="username" {...form.register('username')} />
        </FormField>
        <FormField label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </FormField>
        <FormField label="Password" error={errors.password?.message} hint={`At least ${PASSWORD_MIN} characters.`}>
          <PasswordInput autoComplete="new-password" {...form.register('password')} />
        </FormField>
        <Button type="submit" disabled={register.isPending}>
          {register.isPending ? 'Creating account…' : 'Create account'}
        </Button>
        <p className="text-xs text-slate-600">
          By creating an account you agree to our{' '}
          <Link to="/terms" className="underline">
            Terms
          </Link>{' '}
          and{' '}
          <Link to="/privacy" className="underline">
            Privacy Policy
          </Link>
          .
        </p>
      </form>
    </AuthCard>
  );
}
