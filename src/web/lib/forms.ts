import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import type { FieldErrors, FieldValues, Resolver, UseFormReturn } from 'react-hook-form';
import type * as z4 from 'zod/v4/core';

/** Spec §5 (reset password): the first rule, said once for the whole form. */
export const FILL_IN_ALL_FIELDS = 'Please fill in all fields';

const blank = (value: unknown) => (typeof value === 'string' ? value.trim() === '' : value === null || value === undefined);

/**
 * The contract schema's resolver with the spec's "all fields are required" rule in front. While any of
 * `required` is blank the form gets one form-level error (`errors.root`, one sentence instead of a rule
 * under each empty field); the fields already filled keep their own rules, so feedback while typing still
 * works. react-hook-form keeps a resolver's root error until the next submit.
 */
export function requireAllFirst<Input extends FieldValues, Output>(
  schema: z4.$ZodType<Output, Input>,
  required: readonly (keyof Input & string)[],
  message = FILL_IN_ALL_FIELDS,
): Resolver<Input, unknown, Output> {
  const contract: Resolver<Input, unknown, Output> = zodResolver(schema);
  return async (values, context, options) => {
    const result = await contract(values, context, options);
    const missing = required.filter((name) => blank(values[name]));
    if (missing.length === 0) return result;
    const errors: Record<string, unknown> = { ...result.errors };
    for (const name of missing) delete errors[name];
    return { values: {}, errors: { ...errors, root: { type: 'required', message } } as FieldErrors<Input> };
  };
}

/**
 * A form's form-level message (a server sentence that names no field, or the resolver's
 * "fill in all fields" root error) that goes away as soon as the user edits any field (issue 24): a
 * message about what was sent must not stay on screen over what is being typed now. Field messages
 * already re-check on each change after a submit (react-hook-form's reValidateMode, onChange).
 */
export function useFormMessage<T extends FieldValues>(form: Pick<UseFormReturn<T>, 'subscribe' | 'clearErrors'>) {
  const [message, setMessage] = useState<string | null>(null);
  const { subscribe, clearErrors } = form;
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: () => {
          setMessage(null);
          clearErrors('root');
        },
      }),
    [subscribe, clearErrors],
  );
  return [message, setMessage] as const;
}
