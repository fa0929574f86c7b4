import { codeForStatus, ERROR_CODES, type TErrorCode } from '@contract/common';
import { CSRF_COOKIE, CSRF_HEADER } from '@contract/http-names';

/**
 * A non-OK answer. `message` is '{status}: {body or status text}' (spec §7); `userMessage` is the
 * server's own sentence when it sent one, which is what people should read; `code` is what code
 * branches on (the server's, else the usual meaning of the status, e.g. from a proxy's HTML page).
 */
export class ApiError extends Error {
  readonly code: TErrorCode;
  constructor(
    readonly status: number,
    readonly bodyText: string,
    readonly userMessage: string,
    readonly field?: string,
    code?: TErrorCode,
  ) {
    super(`${status}: ${bodyText}`);
    this.name = 'ApiError';
    this.code = code ?? codeForStatus(status);
  }
}

export const isUnauthorized = (error: unknown): boolean => error instanceof ApiError && error.status === 401;
/** Whether an error is the server saying this account has no grading credits left. */
export const isInsufficientCredits = (error: unknown): boolean => error instanceof ApiError && error.code === 'insufficient_credits';
const isErrorCode = (v: unknown): v is TErrorCode => (ERROR_CODES as readonly unknown[]).includes(v);

/** The sentence to show for any error: the server's message, else the error's own text. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof ApiError) return error.userMessage || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  for (const part of document.cookie.split('; ')) if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
  return undefined;
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  let userMessage = text;
  let field: string | undefined;
  let code: TErrorCode | undefined;
  try {
    const body = JSON.parse(text) as { message?: unknown; field?: unknown; code?: unknown };
    if (typeof body.message === 'string') userMessage = body.message;
    if (typeof body.field === 'string') field = body.field;
    if (isErrorCode(body.code)) code = body.code;
  } catch {
    // Not JSON: the text itself is the message.
  }
  throw new ApiError(res.status, text, userMessage, field, code);
}

/** Every request sends credentials; JSON bodies go as JSON, FormData as is; writes carry the CSRF token. */
export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  if (method !== 'GET' && method !== 'HEAD') {
    const token = readCookie(CSRF_COOKIE);
    if (token) headers[CSRF_HEADER] = token;
  }
  const res = await fetch(url, { method, headers, body: payload, credentials: 'include' });
  await throwIfNotOk(res);
  if (res.status === 204) return undefined as T;
  const type = res.headers.get('content-type') ?? '';
  return (type.includes('json') ? await res.json() : await res.text()) as T;
}

/** The default fetcher: the query key's segments joined with '/' are the path (spec §7). */
export async function fetchQueryKey({ queryKey }: { queryKey: readonly unknown[] }): Promise<unknown> {
  return apiRequest('GET', queryKey.map(String).join('/'));
}
