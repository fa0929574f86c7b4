import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { BINDER_DESCRIPTION_MAX, BINDER_NAME_MAX, ZCreateBinderRequest } from '@contract/binders';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input, Textarea } from '@web/components/ui/input';
import { readDraft, useKeepDraft } from '@web/lib/drafts';
import { useFormMessage } from '@web/lib/forms';
import { applyServerError } from '@web/lib/form-errors';

type BinderFormInput = z.input<typeof ZCreateBinderRequest>;
export type BinderFormValues = { name: string; description: string | null };

/**
 * A binder's name and description, checked with the contract's own schema (the server checks the same).
 * Used to create a binder and, in a dialog, to edit one. `onSave` resolves when saved, or throws the
 * API error, which lands on its field when it names one.
 */
export function BinderForm({
  initial,
  draftName,
  submitLabel,
  onSave,
  onCancel,
}: {
  initial?: BinderFormValues;
  /** Names the draft kept if the session runs out mid-edit: one per form on the page. */
  draftName: string;
  submitLabel: string;
  onSave: (v: BinderFormValues) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const form = useForm<BinderFormInput, unknown, z.output<typeof ZCreateBinderRequest>>({
    resolver: zodResolver(ZCreateBinderRequest),
    defaultValues: readDraft<BinderFormInput>(draftName) ?? { name: initial?.name ?? '', description: initial?.description ?? '' },
  });
  useKeepDraft(draftName, () => form.getValues());
  // A server message about the last save goes as the user types.
  useFormMessage(form);
  const { errors, isSubmitting } = form.formState;
  const formError = (errors.root as { message?: string } | undefined)?.message;
  return (
    <form
      noValidate
      aria-label={submitLabel}
      className="grid gap-3"
      onSubmit={form.handleSubmit(async (v) => {
        try {
          await onSave({ name: v.name, description: v.description || null });
          if (!initial) form.reset({ name: '', description: '' });
        } catch (e) {
          const message = applyServerError(e, form.setError, ['name', 'description']);
          if (message) form.setError('root', { message });
        }
      })}
    >
      {formError && <Alert variant="destructive">{formError}</Alert>}
      <FormField label={initial ? 'Name' : 'New binder name'} error={errors.name?.message}>
        <Input maxLength={BINDER_NAME_MAX} placeholder="e.g. Base Set holos" autoComplete="off" {...form.register('name')} />
      </FormField>
      <FormField
        label="Description (optional)"
        error={errors.description?.message}
        hint={`What the binder holds, for you and anyone you share it with. Up to ${BINDER_DESCRIPTION_MAX} characters.`}
      >
        <Textarea rows={2} maxLength={BINDER_DESCRIPTION_MAX} {...form.register('description')} />
      </FormField>
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel && (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
