import { z } from 'zod';

/** The grading companies a card can be valued for. */
export const PLATFORMS = ['PSA', 'BGS', 'CGC'] as const;
export const ZPlatform = z.enum(PLATFORMS);
export type TPlatform = z.infer<typeof ZPlatform>;

/** Money at the edge: a decimal string with two places ("1234.50"), as the spec's value fields. */
export const ZDecimalString = z.string().regex(/^-?\d+(\.\d{1,2})?$/);

/** Body of every 4xx/5xx answer from the API: one sentence a person can act on, plus the failing field. */
export const ZApiError = z.object({
  message: z.string(),
  field: z.string().optional(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type TApiError = z.infer<typeof ZApiError>;

export const ZMessage = z.object({ message: z.string() });
export type TMessage = z.infer<typeof ZMessage>;

export const ZIdParam = z.object({ id: z.string().uuid('Not a valid id') });

export { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from './http-names';
