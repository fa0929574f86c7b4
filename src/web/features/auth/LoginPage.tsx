import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import type { TLoginRequest } from '@contract/auth';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { ApiError, errorMessage } from '@web/lib/api';
import { CURRENT_USER_KEY, useAuth } from '@web/lib/auth';
import { SESSION_ENDED, forgetSessionEnded, takeSessionEnded } from '@web/lib/session-ended';
import { AuthCard } from './AuthCard';
import { PasswordInput } from './PasswordInput';
import { safeNext } from './safe-next';
import { api } from '@web/lib/api-client';

export default function LoginPage() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  // Read once: the page a 401 sent here keeps saying why until the user signs in.
  const [sessionEnded] = useState(takeSessionEnded);
  // Two required fields need no validation library: the login page stays light (docs/decisions/009-login-form.md).
  const [values, setValues] = useState<TLoginRequest>({ username: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof TLoginRequest, string>>>({});
  // Typing clears what was said about the last attempt (issue 24): that field's message and the form's.
  const set = (key: keyof TLoginRequest) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    setFieldErrors(({ [key]: _, ...rest }) => rest);
    setFormError(null);
  };

  const login = useMutation({
    mutationFn: (body: TLoginRequest) => api('POST /api/auth/login', { body }),
    meta: { allowUnauthorized: true },
    onSuccess: (signedIn) => {
      forgetSessionEnded();
      queryClient.setQueryData(CURRENT_USER_KEY, signedIn);
      void navigate(next, { replace: true });
    },
    onError: (error) => {
      if (error instanceof ApiError && (error.field === 'username' || error.field === 'password'))
        setFieldErrors({ [error.field]: error.userMessage });
      else setFormError(errorMessage(error));
    },
  });

  if (user && !login.isPending && !login.isSuccess) return <Navigate to={next} replace />;

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
        onSubmit={(e) => {
          e.preventDefault();
          const missing = {
            ...(values.username.trim() ? {} : { username: 'Enter your username or email' }),
            ...(values.password ? {} : { password: 'Enter your password' }),
          };
          setFieldErrors(missing);
          setFormError(null);
          if (Object.keys(missing).length === 0) login.mutate({ username: values.username.trim(), password: values.password });
        }}
      >
        {sessionEnded && (
          <Alert variant="warning">
            <AlertTitle>{SESSION_ENDED.title}</AlertTitle>
            <AlertDescription>{SESSION_ENDED.description}</AlertDescription>
          </Alert>
        )}
        {formError && <Alert variant="destructive">{formError}</Alert>}
        <FormField label="Username or email" error={fieldErrors.username}>
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- signing in is this page's one task: the cursor starts in its first field */}
          <Input autoComplete="username" autoFocus value={values.username} onChange={set('username')} />
        </FormField>
        <FormField label="Password" error={fieldErrors.password}>
          <PasswordInput autoComplete="current-password" value={values.password} onChange={set('password')} />
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
