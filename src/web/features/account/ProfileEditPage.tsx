import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useFormMessage } from '@web/lib/forms';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { ZUpdateProfileRequest } from '@contract/auth';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { CURRENT_USER_KEY, useAuth } from '@web/lib/auth';
import { applyServerError } from '@web/lib/form-errors';
import { PageContainer, PageHeader } from './PageHeader';
import { api } from '@web/lib/api-client';

type ProfileForm = z.input<typeof ZUpdateProfileRequest>;
type ProfileBody = z.output<typeof ZUpdateProfileRequest>;

export default function ProfileEditPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<ProfileForm, unknown, ProfileBody>({
    resolver: zodResolver(ZUpdateProfileRequest),
    values: { firstName: user?.firstName ?? '', lastName: user?.lastName ?? '', email: user?.email ?? '', currentPassword: '' },
  });
  const [formError, setFormError] = useFormMessage(form);
  // A new sign-in email needs the current password (the server refuses it without).
  const emailChanged =
    (useWatch({ control: form.control, name: 'email' }) ?? '').trim().toLowerCase() !== (user?.email ?? '').toLowerCase();
  const save = useMutation({
    mutationFn: (body: ProfileBody) => api('PUT /api/auth/profile', { body }),
    onSuccess: (updated) => {
      queryClient.setQueryData(CURRENT_USER_KEY, updated);
      toast.success('Profile updated', { description: 'Your changes are saved.' });
      void navigate('/account/profile');
    },
    onError: (error) => setFormError(applyServerError(error, form.setError, ['firstName', 'lastName', 'email', 'currentPassword'])),
  });
  const { errors } = form.formState;

  return (
    <PageContainer>
      <PageHeader title="Edit profile" description="Your name appears on your dashboard and shared binders." />
      <Card className="max-w-xl">
        <CardContent className="pt-6">
          <form
            noValidate
            className="grid gap-4"
            onSubmit={form.handleSubmit((values) => {
              setFormError(null);
              const { currentPassword, ...rest } = values;
              save.mutate({
                ...rest,
                firstName: values.firstName || null,
                lastName: values.lastName || null,
                ...(emailChanged ? { currentPassword } : {}),
              });
            })}
          >
            {formError && <Alert variant="destructive">{formError}</Alert>}
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="First name" error={errors.firstName?.message}>
                <Input autoComplete="given-name" {...form.register('firstName')} />
              </FormField>
              <FormField label="Last name" error={errors.lastName?.message}>
                <Input autoComplete="family-name" {...form.register('lastName')} />
              </FormField>
            </div>
            <FormField label="Email" error={errors.email?.message} hint="Password reset codes go to this address.">
              <Input type="email" autoComplete="email" {...form.register('email')} />
            </FormField>
            {emailChanged && (
              <FormField
                label="Current password"
                error={errors.currentPassword?.message}
                hint="Changing your sign-in email needs your password. We will tell your old address."
              >
                <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
              </FormField>
            )}
            <div className="flex gap-2">
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? 'Saving…' : 'Save changes'}
              </Button>
              <Button asChild variant="outline">
                <Link to="/account/profile">Cancel</Link>
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </PageContainer>
  );
}
