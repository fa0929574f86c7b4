import { z } from 'zod';
import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * The one place environment variables are read. Every variable is documented in README.md;
 * a bad value stops the process at boot with a message naming the variable.
 */
const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * TRUST_PROXY: which peers may tell us the client's address and protocol (X-Forwarded-For, -Proto,
 * -Host). The client's address keys the sign-in limits, so trusting too much lets anyone pick theirs.
 * - `false` (default): nobody; the address is the TCP peer's.
 * - a hop count `N`: the N nearest peers are our proxies, so the client is the Nth address from the
 *   right of X-Forwarded-For (each proxy appends the address it saw). Safe only when the server can be
 *   reached through those proxies alone (a direct client could add N addresses itself).
 * - `true`: the same as `1` (one reverse proxy in front, the old meaning of "behind a TLS proxy"). It
 *   no longer trusts the leftmost address, which the client writes.
 * - a comma-separated list of proxy addresses or CIDR ranges (and `loopback`, `linklocal`,
 *   `uniquelocal`): only these peers are believed; the client is the rightmost address not in the
 *   list. The safest choice when the proxies' addresses are known.
 * (Fastify 5.12 treats a plain number as "trust nobody", so a hop count becomes a function here.)
 */
export type TrustProxy = false | number | string[];
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (entry: string) => {
  if (PROXY_NAMES.has(entry) || isIP(entry)) return true;
  const [ip, bits, ...rest] = entry.split('/');
  const family = isIP(ip ?? '');
  return rest.length === 0 && family > 0 && /^\d{1,3}$/.test(bits ?? '') && Number(bits) <= (family === 4 ? 32 : 128);
};
const ZTrustProxy = z.string().transform((raw, ctx): TrustProxy => {
  const v = raw.trim().toLowerCase();
  if (['false', '0', 'no', ''].includes(v)) return false;
  if (['true', 'yes'].includes(v)) return 1;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops <= 100) return hops;
  }
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = list.filter((s) => !isProxyAddress(s));
  if (list.length === 0 || bad.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `TRUST_PROXY must be false, true, a hop count (1–100) or a comma-separated list of proxy addresses/CIDRs; not understood: ${bad.join(', ') || raw}`,
    });
    return z.NEVER;
  }
  return list;
});

/** The `trustProxy` option Fastify gets for a TRUST_PROXY value. */
export function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return trust === 0 ? false : (_address, hop) => hop < trust;
  return trust;
}

const ZEnv = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(5000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.string().url().optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    ROLE: z.enum(['all', 'web', 'worker']).default('all'),
    DEMO: bool.optional(),
    DEMO_PASSWORD: z.string().min(8, 'DEMO_PASSWORD must be at least 8 characters').optional(),
    SECRET_KEY: z.string().min(32, 'SECRET_KEY must be at least 32 characters').optional(),
    TRUST_PROXY: ZTrustProxy.optional(),
    PUBLIC_URL: z.string().url().optional(),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('GradeVault <no-reply@gradevault.local>'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    RATE_LIMIT: bool.optional(),
    SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    STORAGE: z.enum(['files', 's3']).default('files'),
    S3_BUCKET: z.string().min(1).optional(),
    S3_ENDPOINT: z.string().url().optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: bool.optional(),
    REFERENCE_IMAGES: z.enum(['http', 'none']).default('none'),
    REFERENCE_IMAGE_HOSTS: z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(
        z
          .array(
            z.string().regex(/^[a-z0-9.-]+$/, 'REFERENCE_IMAGE_HOSTS must be host names separated by commas, e.g. images.pokemontcg.io'),
          )
          .min(1, 'REFERENCE_IMAGE_HOSTS must name at least one host'),
      )
      .optional(),
    UPLOAD_DIR: z.string().min(1).optional(),
    UPLOAD_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(4),
    UPLOADS_PER_USER: z.coerce.number().int().min(1).max(100).default(2),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_/, 'STRIPE_SECRET_KEY must be a secret (sk_…) or restricted (rk_…) key')
      .optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
    STRIPE_API_BASE: z.string().url().optional(),
    PRO_GRACE_DAYS: z.coerce.number().int().min(0).max(60).default(7),
    PAYMENTS_TEST_CLOCK: bool.optional(),
    PAYMENTS_PROVIDER: z.enum(['stripe', 'local']).optional(),
    CATALOGUE_SOURCE: z.enum(['snapshot', 'pokemontcg']).default('snapshot'),
    POKEMONTCG_API_BASE: z.string().url().default('https://api.pokemontcg.io'),
    POKEMONTCG_API_KEY: z.string().min(1).optional(),
    POKEMONTCG_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
    POKEMONTCG_REQUEST_BUDGET: z.coerce.number().int().min(1).max(20_000).default(500),
    CATALOGUE_SYNC_SCHEDULE: z
      .string()
      .regex(/^(off|daily@([01]\d|2[0-3]):[0-5]\d)$/, 'CATALOGUE_SYNC_SCHEDULE must be off or daily@HH:MM (UTC), e.g. daily@03:00')
      .default('off'),
    PRICE_MODEL_PROVIDER: z.enum(['estimator', 'openai']).default('estimator'),
    PRICE_MODEL_URL: z.string().url().optional(),
    PRICE_MODEL_KEY: z.string().min(1).optional(),
    PRICE_MODEL: z.string().min(1).optional(),
    PRICE_MODEL_BATCH: z.coerce.number().int().min(1).max(100).default(10),
    PRICE_MODEL_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(3),
    PRICE_MODEL_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
    PRICE_MODEL_MAX_CALLS: z.coerce.number().int().min(1).max(1_000_000).default(5000),
    PRICE_UPDATE_SCHEDULE: z
      .string()
      .regex(
        /^(off|(mon|tue|wed|thu|fri|sat|sun)-([01]\d|2[0-3]):[0-5]\d)$/i,
        'PRICE_UPDATE_SCHEDULE must be off or <day>-<HH:MM> in UTC, e.g. mon-03:00',
      )
      .default('off'),
    NODE_ENV: z.string().optional(),
    /** The back-office's `{hash}` path segment (docs/decisions/007-admin-path.md); generated once when unset. */
    ADMIN_PATH_HASH: z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,64}$/, 'ADMIN_PATH_HASH must be 16 to 64 characters of A-Z, a-z, 0-9, _ and -')
      .optional(),
  })
  .superRefine((e, ctx) => {
    if (e.PRICE_MODEL_PROVIDER === 'openai' && !e.PRICE_MODEL_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['PRICE_MODEL_URL'],
        message: 'PRICE_MODEL_PROVIDER=openai needs PRICE_MODEL_URL (an OpenAI-compatible base URL ending in /v1)',
      });
    if (e.PRICE_MODEL_PROVIDER === 'openai' && !e.PRICE_MODEL)
      ctx.addIssue({
        code: 'custom',
        path: ['PRICE_MODEL'],
        message: 'PRICE_MODEL_PROVIDER=openai needs PRICE_MODEL (the model name, e.g. gpt-4o-mini)',
      });
    if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET)
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message: 'set STRIPE_WEBHOOK_SECRET (whsec_…) with STRIPE_SECRET_KEY: webhooks cannot be verified without it',
      });
    if (!e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET)
      ctx.addIssue({ code: 'custom', path: ['STRIPE_SECRET_KEY'], message: 'set STRIPE_SECRET_KEY with STRIPE_WEBHOOK_SECRET' });
    if (e.PAYMENTS_TEST_CLOCK && e.NODE_ENV === 'production')
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENTS_TEST_CLOCK'],
        message: 'PAYMENTS_TEST_CLOCK is for tests only and refused when NODE_ENV=production',
      });
    // The built-in test provider takes any 4242… card: in production it would hand out credits and Pro
    // for nothing. It is the default for a demo or a test run, never for a production start by accident.
    if (e.NODE_ENV === 'production' && !e.STRIPE_SECRET_KEY && e.PAYMENTS_PROVIDER !== 'local')
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message:
          'NODE_ENV=production needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (or PAYMENTS_PROVIDER=local to run the built-in test provider, which grants credits for test card numbers)',
      });
    if (e.PAYMENTS_PROVIDER === 'stripe' && !e.STRIPE_SECRET_KEY)
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: 'PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
      });
    if (e.PAYMENTS_PROVIDER === 'local' && e.STRIPE_SECRET_KEY)
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENTS_PROVIDER'],
        message: 'PAYMENTS_PROVIDER=local cannot be combined with STRIPE_SECRET_KEY: unset one of them',
      });
    if (e.PAYMENTS_TEST_CLOCK && e.STRIPE_SECRET_KEY)
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENTS_TEST_CLOCK'],
        message: "PAYMENTS_TEST_CLOCK moves the built-in test provider's clock; it cannot be used with Stripe",
      });
    if (e.STORAGE === 's3' && !e.S3_BUCKET)
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'S3_BUCKET is required when STORAGE=s3' });
    if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY)
      ctx.addIssue({
        code: 'custom',
        path: [e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message: 'set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together, or neither to use the AWS credential chain',
      });
  });

/** The S3 image store's settings (adapters/storage/s3.ts). */
export type S3StoreOptions = {
  bucket: string;
  /** Any S3-compatible endpoint (MinIO, Cloudflare R2, Backblaze B2…); unset means AWS itself. */
  endpoint?: string;
  region: string;
  /** Unset: the AWS SDK's own credential chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Bucket in the path (`host/bucket/key`), as MinIO and most self-hosted stores want. */
  forcePathStyle: boolean;
};

/** Where uploaded and evidence images live: files under DATA_DIR/images, or one S3 bucket. */
export type StorageConfig = { kind: 'files'; dir: string } | ({ kind: 's3' } & S3StoreOptions);

export type AppConfig = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  role: 'all' | 'web' | 'worker';
  demo: boolean;
  demoPassword: string | undefined;
  secretKey: string | undefined;
  adminPathHash: string | undefined;
  trustProxy: TrustProxy;
  publicUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: z.infer<typeof ZEnv>['LOG_LEVEL'];
  rateLimit: boolean;
  sessionDays: number;
  storage: StorageConfig;
  /** Where the grading engine gets the catalogue image of a card: `http` fetches `images.large` (cached in the image store), `none` grades without. */
  referenceImages: 'http' | 'none';
  /** Hosts reference images may be fetched from (redirects included); default the catalogue's image host. */
  referenceImageHosts: string[];
  /** Photo uploads: where they wait as temp files, and how many are received at once (per process, per user). */
  uploads: { dir: string; concurrency: number; perUser: number };
  payments: PaymentsConfig;
  catalogueSync: CatalogueSyncConfig;
  priceModel: PriceModelConfig;
  /** The weekly price update's schedule in UTC (day 0 = Sunday), or null when off. */
  priceUpdateSchedule: { day: number; hour: number; minute: number } | null;
};

/** Where a catalogue sync reads from (catalogue-sync/source) and when it runs by itself. */
export type CatalogueSyncConfig = {
  source: 'snapshot' | 'pokemontcg';
  pokemonTcg: { baseUrl: string; apiKey: string | undefined; timeoutMs: number; requestBudget: number };
  /** `off`, or a full sync every day at this UTC time ("03:00"). */
  schedule: { kind: 'off' } | { kind: 'daily'; at: string };
};

/** The weekly price update's model: the embedded estimator, or an OpenAI-compatible endpoint. */
export type PriceModelConfig = {
  provider: 'estimator' | 'openai';
  openai: { url: string; apiKey: string | undefined; model: string; batchSize: number; concurrency: number; timeoutMs: number };
  /** Model calls one run may make, retries included. */
  maxCalls: number;
};

const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
function parseSchedule(v: string): AppConfig['priceUpdateSchedule'] {
  if (v.toLowerCase() === 'off') return null;
  const [day, time] = v.toLowerCase().split('-') as [string, string];
  const [h, m] = time.split(':').map(Number) as [number, number];
  return { day: DAYS.indexOf(day), hour: h, minute: m };
}

/** Stripe when a key is set; otherwise the built-in test provider (its webhook secret is derived from the server secret). */
export type PaymentsConfig = {
  provider: { kind: 'local' } | { kind: 'stripe'; secretKey: string; webhookSecret: string; apiBase: URL | undefined };
  /** Days a past_due subscription keeps Pro after a failed renewal. */
  graceDays: number;
  /** Test-only: exposes the local provider's clock-advance endpoint (never with NODE_ENV=production). */
  testClock: boolean;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    role: e.ROLE,
    // Demo accounts are a convenience of the embedded database; on PostgreSQL only when asked for.
    demo: e.DEMO ?? !e.DATABASE_URL,
    demoPassword: e.DEMO_PASSWORD,
    secretKey: e.SECRET_KEY,
    adminPathHash: e.ADMIN_PATH_HASH,
    trustProxy: e.TRUST_PROXY ?? false,
    publicUrl: e.PUBLIC_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    rateLimit: e.RATE_LIMIT ?? true,
    sessionDays: e.SESSION_DAYS,
    storage:
      e.STORAGE === 's3'
        ? {
            kind: 's3',
            bucket: e.S3_BUCKET!,
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                : undefined,
            // A custom endpoint is nearly always MinIO-like (path-style); AWS itself prefers virtual hosts.
            forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
          }
        : { kind: 'files', dir: path.join(path.resolve(e.DATA_DIR), 'images') },
    referenceImages: e.REFERENCE_IMAGES,
    referenceImageHosts: e.REFERENCE_IMAGE_HOSTS ?? ['images.pokemontcg.io'],
    uploads: { dir: path.resolve(e.UPLOAD_DIR ?? os.tmpdir()), concurrency: e.UPLOAD_CONCURRENCY, perUser: e.UPLOADS_PER_USER },
    payments: {
      provider: e.STRIPE_SECRET_KEY
        ? {
            kind: 'stripe',
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
            apiBase: e.STRIPE_API_BASE ? new URL(e.STRIPE_API_BASE) : undefined,
          }
        : { kind: 'local' },
      graceDays: e.PRO_GRACE_DAYS,
      testClock: e.PAYMENTS_TEST_CLOCK ?? false,
    },
    catalogueSync: {
      source: e.CATALOGUE_SOURCE,
      pokemonTcg: {
        baseUrl: e.POKEMONTCG_API_BASE,
        apiKey: e.POKEMONTCG_API_KEY,
        timeoutMs: e.POKEMONTCG_TIMEOUT_MS,
        requestBudget: e.POKEMONTCG_REQUEST_BUDGET,
      },
      schedule:
        e.CATALOGUE_SYNC_SCHEDULE === 'off' ? { kind: 'off' } : { kind: 'daily', at: e.CATALOGUE_SYNC_SCHEDULE.slice('daily@'.length) },
    },
    priceModel: {
      provider: e.PRICE_MODEL_PROVIDER,
      openai: {
        url: e.PRICE_MODEL_URL ?? '',
        apiKey: e.PRICE_MODEL_KEY,
        model: e.PRICE_MODEL ?? '',
        batchSize: e.PRICE_MODEL_BATCH,
        concurrency: e.PRICE_MODEL_CONCURRENCY,
        timeoutMs: e.PRICE_MODEL_TIMEOUT_MS,
      },
      maxCalls: e.PRICE_MODEL_MAX_CALLS,
    },
    priceUpdateSchedule: parseSchedule(e.PRICE_UPDATE_SCHEDULE),
  };
}
