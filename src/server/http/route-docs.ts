/**
 * What every API route tells the OpenAPI document beyond its own schema: the one error body, under
 * 4XX and 5XX, so that clients (and the typed web client) know what a failure looks like. Added by a
 * hook rather than written in each route, because it is the same for all of them and must not be
 * forgotten on a new one; a route that answers an error with its own shape (test detection's 422,
 * the health check's 503) declares that status itself and keeps it.
 */
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ZApiError } from '@contract/common';
import type { UploadForm } from '../uploads/multipart-upload';

const isApiUrl = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

export function installErrorResponses(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!isApiUrl(route.url) || route.config?.access === 'asset') return;
    const schema = (route.schema ??= {}) as { response?: Record<string, unknown> };
    schema.response = { '4XX': ZApiError, '5XX': ZApiError, ...schema.response };
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The multipart form a route receives through the upload receiver. Documentation only: the body
     * is streamed by the receiver, so it cannot be a validated `schema.body`.
     */
    uploadForm?: UploadForm;
  }
}

/** The OpenAPI request body of a multipart form: a binary string per file (an array where several are taken). */
function multipartBody(form: UploadForm) {
  const file = { type: 'string', format: 'binary' };
  const properties: Record<string, unknown> = {};
  for (const [name, count] of Object.entries(form.files))
    properties[name] = count > 1 ? { type: 'array', items: file, maxItems: count } : file;
  for (const name of form.fields) properties[name] = { type: 'string' };
  return { type: 'object', properties };
}

type TransformArgs = Parameters<typeof jsonSchemaTransform>[0];

/** The zod provider's transform, plus the multipart request bodies of upload routes. */
export function openApiTransform(args: TransformArgs): ReturnType<typeof jsonSchemaTransform> {
  const out = jsonSchemaTransform(args);
  const form = args.route.config?.uploadForm;
  if (!form) return out;
  return { ...out, schema: { ...out.schema, consumes: ['multipart/form-data'], body: multipartBody(form) } };
}
