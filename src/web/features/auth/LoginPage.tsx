import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { ZLoginRequest, type TCurrentUser, type TLoginRequest } from '@contract/auth';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { apiRequest } from '@web/lib/api';
import { CURRENT_USER_KEY, useAuth } from '@web/lib/auth';
import { applyServerError } from '@web/lib/form-errors';
import { AuthCard } from './AuthCard';
import { PasswordInput } from './PasswordInput';
import { safeNext } from './safe-next';

export default function LoginPage() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TLoginRequest>({ resolver: zodResolver(ZLoginRequest), defaultValues: { username: '', password: '' } });

  const login = useMutation({
    mutationFn: (body: TLoginRequest) => apiRequest<TCurrentUser>('POST', '/api/auth/login', body),
    meta: { allowUnauthorized: true },
    onSuccess: (signedIn) => {
      queryClient.setQueryData(CURRENT_USER_KEY, signedIn);
      navigate(next, { replace: true });
    },
    onError: (error) => setFormError(applyServerError(error, form.setError, ['username', 'password'])),
  });

  if (user && !login.isPending && !login.isSuccess) return <Navigate to={next} replace />;
  const { errors } = form.formState;

  return (
    <AuthCard
      title="Sign in"
      description="Welcome back. Sign in to grade cards and manage your collection."
      footer={
        <>
          New to GradeVault?{' '}
          <Link to="/register" className="font-medium text-brand-700 hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      <form
        noValidate
        className="grid gap-4"
        onSubmit={form.handleSubmit((values) => {
          setFormError(null);
          login.mutate(values);
        })}
      >
        {formError && <Alert variant="destructive">{formError}</Alert>}
        <FormField label="Username or email" error={errors.username?.message}>
          <Input autoComplete="username" autoFocus {...form.register('username')} />
        </FormField>
        <FormField label="Password" error={errors.password?.message}>
          <PasswordInput autoComplete="current-password" {...form.register('password')} />
        </FormField>
        <div className="-mt-2 text-right">
          <Link to="/auth/forgot-password" className="text-sm text-brand-700 hover:underline">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" disabled={login.isPending}>
          {login.isPending ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
    </AuthCard>
  );
}
