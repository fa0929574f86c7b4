import type { FastifyServerOptions } from 'fastify';
import type { AppConfig } from '../config';

/**
 * What the server logs, and what it never logs. A failed SQL statement used to be logged with its
 * parameters (Drizzle puts them in the error's message and `params`): a registration that failed
 * wrote the new user's argon2 hash into the log. So:
 *
 * - errors go through `safeError`, which keeps the type, the SQL text (placeholders only), the
 *   database's error code and the stack, and drops the parameters and the driver's `detail`/`where`
 *   (they quote row values, e.g. "Key (email)=(…) already exists");
 * - pino redacts secrets by name wherever they appear in a log object: passwords, hashes, reset
 *   codes, tokens, cookies, Set-Cookie, Authorization and the CSRF header.
 */
export const REDACTED = '[redacted]';

const SECRET_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'confirmPassword',
  'passwordHash',
  'password_hash',
  'codeHash',
  'code_hash',
  'resetCode',
  'token',
  'secret',
  'params',
  'detail',
];
const HEADER_PATHS = ['cookie', 'authorization', '["x-csrf-token"]', '["set-cookie"]'].flatMap((h) =>
  ['req.headers', 'res.headers', 'headers', '*.headers'].map((at) => `${at}${h.startsWith('[') ? '' : '.'}${h}`),
);
// fast-redact wildcards match one level; secrets sit at most three levels deep in what we log.
const REDACT_PATHS = [...SECRET_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`, `*.*.*.${k}`]), ...HEADER_PATHS];

/** Keys of an error worth keeping: none of them holds a row value. */
const SAFE_ERROR_FIELDS = ['code', 'statusCode', 'severity', 'routine', 'constraint', 'table', 'column', 'schema', 'query'];

const scrubMessage = (message: string) => message.replace(/\nparams: [\s\S]*$/, `\nparams: ${REDACTED}`);

/** An error as a log object, without query parameters or quoted values (see the header). */
export function safeError(err: unknown, depth = 0): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (!(err instanceof Error)) return { type: typeof err, message: REDACTED, stack: '' };
  const message = scrubMessage(err.message);
  const header = `${err.name}: ${err.message}`;
  const frames = (err.stack ?? '').startsWith(header)
    ? (err.stack ?? '').slice(header.length)
    : '\n' +
      (err.stack ?? '')
        .split('\n')
        .filter((line) => /^\s+at /.test(line))
        .join('\n');
  const out: { type: string; message: string; stack: string; [key: string]: unknown } = {
    type: err.constructor?.name ?? err.name,
    message,
    stack: `${err.name}: ${message}${frames}`,
  };
  const record = err as unknown as Record<string, unknown>;
  for (const key of SAFE_ERROR_FIELDS) {
    const value = record[key];
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  if (err.cause !== undefined && depth < 5) out.cause = safeError(err.cause, depth + 1);
  return out;
}

/** Fastify's logger options: level, redaction, and the error serializer. */
export function loggerOptions(config: Pick<AppConfig, 'logLevel'>, stream?: { write(line: string): void }): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      err: (err: unknown) => safeError(err),
      // Fastify's own request serializer logs the whole URL; query parameters can carry search terms,
      // emails (a reset link's `email=`) or tokens, so only the path is logged.
      req: (req: { method?: string; url?: string; hostname?: string; ip?: string }) => ({
        method: req.method,
        url: req.url?.split('?')[0],
        host: req.hostname,
        remoteAddress: req.ip,
      }),
    },
    ...(stream ? { stream } : {}),
  };
}
