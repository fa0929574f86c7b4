import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Laptop, LogOut } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { ZChangePasswordRequest, type TChangePasswordRequest } from '@contract/auth';
import { Alert, AlertTitle, AlertDescription } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { errorMessage } from '@web/lib/api';
import { applyServerError } from '@web/lib/form-errors';
import { formatDateTime } from '@web/lib/format';
import { requireAllFirst, useFormMessage } from '@web/lib/forms';
import { PasswordInput } from '@web/features/auth/PasswordInput';
import { PageContainer, PageHeader } from './PageHeader';
import { api, useApiQuery } from '@web/lib/api-client';

const SESSIONS_KEY = ['/api/auth/sessions'] as const;

/** Turns a user-agent string into "Chrome on Linux"-style text people recognise. */
export function describeAgent(ua: string | null): string {
  if (!ua) return 'Unknown device';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : 'Browser';
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : 'an unknown system';
  return `${browser} on ${os}`;
}

type PasswordForm = z.input<typeof ZChangePasswordRequest>;
const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const EMPTY: PasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * The contract's rules under each field; they follow the typing after the first submit, which is why this
 * card shows no separate live-rule alerts (the reset screen does: spec §2.5).
 */
function ChangePasswordCard() {
  const queryClient = useQueryClient();
  const form = useForm<PasswordForm, unknown, TChangePasswordRequest>({
    resolver: requireAllFirst(ZChangePasswordRequest, FIELDS),
    defaultValues: EMPTY,
  });
  const [formError, setFormError] = useFormMessage(form);
  const change = useMutation({
    mutationFn: (body: TChangePasswordRequest) => api('POST /api/auth/change-password', { body }),
    onSuccess: (res) => {
      form.reset(EMPTY);
      toast.success(res.message);
      void queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    },
    onError: (error) => setFormError(applyServerError(error, form.setError, FIELDS)),
  });
  const { errors } = form.formState;
  const blocker = errors.root?.message ?? formError;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Change password</CardTitle>
        <CardDescription>Changing it signs out your other devices.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={form.handleSubmit((values) => {
            setFormError(null);
            change.mutate(values);
          })}
        >
          {blocker && (
            <Alert variant="destructive">
              <AlertTitle>{blocker}</AlertTitle>
            </Alert>
          )}
          <FormField label="Current password" error={errors.currentPassword?.message}>
            <PasswordInput autoComplete="current-password" {...form.register('currentPassword')} />
          </FormField>
          <FormField label="New password" error={errors.newPassword?.message}>
            <PasswordInput autoComplete="new-password" {...form.register('newPassword')} />
          </FormField>
          <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
            <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
          </FormField>
          <Button type="submit" disabled={change.isPending} className="justify-self-start">
            {change.isPending ? 'Changing…' : 'Change password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function SessionsCard() {
  const queryClient = useQueryClient();
  const { data: sessions, isLoading } = useApiQuery('GET /api/auth/sessions', { queryKey: SESSIONS_KEY, staleTime: 0 });
  const revoke = useMutation({
    mutationFn: () => api('POST /api/auth/sessions/revoke-others'),
    onSuccess: (res) => {
      toast.success('Other sessions signed out', { description: res.message });
      void queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    },
    onError: (error) => toast.error('Could not sign out other sessions', { description: errorMessage(error) }),
  });
  const others = (sessions ?? []).filter((s) => !s.current).length;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Where you're signed in</CardTitle>
        <CardDescription>Sessions end by themselves after 30 days without use.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {isLoading ? (
          <div className="h-16 animate-pulse rounded-md bg-slate-100" />
        ) : (
          <ul className="divide-y divide-slate-100">
            {(sessions ?? []).map((s) => (
              <li key={s.id} className="flex items-center gap-3 py-3">
                <Laptop aria-hidden className="size-5 text-slate-600" />
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium text-slate-900">
                    {describeAgent(s.userAgent)} {s.current && <Badge variant="green">This device</Badge>}
                  </p>
                  <p className="text-xs text-slate-600">
                    Signed in {formatDateTime(s.createdAt)} · last active {formatDateTime(s.lastSeenAt)}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
        <Button
          variant="outline"
          className="justify-self-start"
          disabled={others === 0 || revoke.isPending}
          onClick={() => revoke.mutate()}
        >
          <LogOut aria-hidden /> Sign out other sessions{others ? ` (${others})` : ''}
        </Button>
      </CardContent>
    </Card>
  );
}

export default function SecurityPage() {
  return (
    <PageContainer>
      <PageHeader title="Security" description="Your password and the devices signed in to your account." />
      <div className="grid gap-6 lg:grid-cols-2">
        <ChangePasswordCard />
        <SessionsCard />
      </div>
      <Alert variant="info" className="mt-6">
        <AlertTitle>Forgot your current password?</AlertTitle>
        <AlertDescription>Sign out and use “Forgot password?” on the sign-in screen to get a reset code by email.</AlertDescription>
      </Alert>
    </PageContainer>
  );
}
