import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { codeForStatus, type TApiError, type TErrorCode } from '@contract/common';
import { DomainError, type DomainErrorKind } from '../domain-errors';
import { ImageRejected, type ImageRejectedReason } from '../uploads/image-rejected';
import { multipartErrorAsHttp } from './multipart-errors';

/** An error a route throws on purpose: its message is shown to the user as is, its code read by clients. */
export class HttpError extends Error {
  /** Seconds a client should wait before trying again; sent as `Retry-After` (429, 503). */
  retryAfterSeconds?: number;
  readonly code: TErrorCode;
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
    code?: TErrorCode,
  ) {
    super(message);
    this.code = code ?? codeForStatus(statusCode);
  }
}

const IMAGE_REJECTED_STATUS: Record<ImageRejectedReason, number> = { too_large: 413, not_an_image: 415, unreadable: 400 };
const DOMAIN_STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported: 415,
  unprocessable: 422,
  rate_limited: 429,
  upstream_unavailable: 502,
  unavailable: 503,
};

/** Domain errors as HTTP answers: only this layer knows statuses. */
function domainErrorAsHttp(error: unknown): HttpError | null {
  if (error instanceof ImageRejected)
    return new HttpError(IMAGE_REJECTED_STATUS[error.reason], error.message, error.field, 'image_rejected');
  if (error instanceof DomainError) {
    const http = new HttpError(DOMAIN_STATUS[error.kind], error.message, error.options.field, error.options.code);
    http.retryAfterSeconds = error.options.retryAfterSeconds;
    return http;
  }
  return null;
}

export const badRequest = (message: string, field?: string) => new HttpError(400, message, field);
export const unauthorized = (message = 'Sign in to continue.') => new HttpError(401, message);
export const forbidden = (message = "You don't have permission to do that.") => new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string, field?: string) => new HttpError(409, message, field);

const internalError: TApiError = { code: 'internal', message: 'Something went wrong on our side. Please try again.' };

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => {
        const issue = v.params.issue as { path?: PropertyKey[]; message?: string } | undefined;
        const fromPath = String(v.instancePath ?? '')
          .replace(/^\//, '')
          .replace(/\//g, '.');
        return {
          field: fromPath || (issue?.path ?? []).map(String).join('.'),
          message: issue?.message ?? v.message ?? 'Invalid value',
        };
      });
      const first = errors[0];
      const body: TApiError = {
        code: 'validation',
        message: first?.message ?? 'Invalid request',
        field: first?.field || undefined,
        errors,
      };
      return reply.status(400).send(body);
    }
    const known = error instanceof HttpError ? error : (domainErrorAsHttp(error) ?? multipartErrorAsHttp(error));
    if (known) {
      // An outage we answer on purpose (storage down): the user gets the sentence, the log gets the cause.
      if (known.statusCode >= 500) request.log.warn({ err: (error as { reason?: unknown }).reason ?? error }, known.message);
      const body: TApiError = { code: known.code, message: known.message, field: known.field };
      if (known instanceof HttpError && known.retryAfterSeconds !== undefined) reply.header('Retry-After', String(known.retryAfterSeconds));
      return reply.status(known.statusCode).send(body);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.status(500).send(internalError);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ ...internalError, code: codeForStatus(status) } satisfies TApiError);
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type) carry usable messages.
    return reply.status(status).send({ code: codeForStatus(status), message: error.message } satisfies TApiError);
  });
}
