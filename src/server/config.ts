import { z } from 'zod';
import path from 'node:path';

/**
 * The one place environment variables are read. Every variable is documented in README.md;
 * a bad value stops the process at boot with a message naming the variable.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  DEMO: bool.optional(),
  DEMO_PASSWORD: z.string().min(8, 'DEMO_PASSWORD must be at least 8 characters').optional(),
  SECRET_KEY: z.string().min(32, 'SECRET_KEY must be at least 32 characters').optional(),
  TRUST_PROXY: bool.optional(),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('GradeVault <no-reply@gradevault.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT: bool.optional(),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
});

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
  trustProxy: boolean;
  publicUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: z.infer<typeof ZEnv>['LOG_LEVEL'];
  rateLimit: boolean;
  sessionDays: number;
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
    trustProxy: e.TRUST_PROXY ?? false,
    publicUrl: e.PUBLIC_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    rateLimit: e.RATE_LIMIT ?? true,
    sessionDays: e.SESSION_DAYS,
  };
}
