import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { TApiError } from '@contract/common';
import { multipartErrorAsHttp } from './multipart-errors';

/** An error a route throws on purpose: its message is shown to the user as is. */
export class HttpError extends Error {
  /** Seconds a client should wait before trying again; sent as `Retry-After` (429, 503). */
  retryAfterSeconds?: number;
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string) => new HttpError(400, message, field);
export const unauthorized = (message = 'Sign in to continue.') => new HttpError(401, message);
export const forbidden = (message = "You don't have permission to do that.") => new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string, field?: string) => new HttpError(409, message, field);

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => {
        const issue = v.params.issue as { path?: PropertyKey[]; message?: string } | undefined;
        const fromPath = String(v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
        return {
          field: fromPath || (issue?.path ?? []).map(String).join('.'),
          message: issue?.message ?? v.message ?? 'Invalid value',
        };
      });
      const first = errors[0];
      const body: TApiError = { message: first?.message ?? 'Invalid request', field: first?.field || undefined, errors };
      return reply.status(400).send(body);
    }
    const known = error instanceof HttpError ? error : multipartErrorAsHttp(error);
    if (known) {
      // An outage we answer on purpose (storage down): the user gets the sentence, the log gets the cause.
      if (known.statusCode >= 500) request.log.warn({ err: (known as { reason?: unknown }).reason ?? known }, known.message);
      const body: TApiError = { message: known.message, field: known.field };
      if (known instanceof HttpError && known.retryAfterSeconds !== undefined) reply.header('Retry-After', String(known.retryAfterSeconds));
      return reply.status(known.statusCode).send(body);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ message: 'Something went wrong on our side. Please try again.' });
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type) carry usable messages.
    return reply.status(status).send({ message: error.message });
  });

}
