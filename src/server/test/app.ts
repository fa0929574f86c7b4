import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@contract/common';
import { buildApp, type BuildAppOptions } from '../app';
import { loadConfig, type AppConfig } from '../config';
import type { Database } from '../db/client';
import type { MailMessage, MailPort } from '../adapters/mail/port';
import { createSessionStore } from '../auth/sessions';
import type { AppDeps, Clock } from '../deps';
import { openPrivateTestDatabase } from './private-database';
import { buildUser, type UserOverrides } from './factories';

export class TestClock implements Clock {
  private offsetMs = 0;
  now = () => new Date(Date.now() + this.offsetMs);
  advance(ms: number) {
    this.offsetMs += ms;
  }
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  mail: MailPort & { sent: MailMessage[] };
  clock: TestClock;
  config: AppConfig;
  close(): Promise<void>;
}

export async function createTestApp(
  env: Record<string, string> = {},
  onQuery?: (sql: string) => void,
  options: Pick<AppDeps, 'images' | 'pricing' | 'catalogueThumbnails'> &
    Pick<BuildAppOptions, 'priceModel' | 'priceUpdateWaitMs' | 'webDist'> & {
      logStream?: { write(line: string): void };
      database?: Database;
    } = {},
): Promise<TestContext> {
  const { logStream, priceModel, priceUpdateWaitMs, webDist, database: given, ...adapters } = options;
  // A database of the app's own, also on PostgreSQL: every app runs a grading worker, and one polling a
  // database shared with other test files claims their queued jobs (then fails them: their photos are
  // in the other app's storage). A test may bring its own database instead.
  const database = given ?? (await openPrivateTestDatabase(onQuery));
  const sent: MailMessage[] = [];
  const mail = { transport: 'outbox' as const, sent, send: async (m: MailMessage) => void sent.push(m) };
  const clock = new TestClock();
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: '.tmp/test-data', ...env });
  const app = await buildApp(
    { config, database, mail, clock, secret: 'test-secret-test-secret-test-secret!', ...adapters },
    // Its own rate-limit budget: test files share one PostgreSQL database.
    { logger: false, logStream, priceModel, priceUpdateWaitMs, webDist, limitNamespace: `test-${randomUUID()}:` },
  );
  await app.ready();
  return {
    app,
    database,
    mail,
    clock,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A cookie-jar client over app.inject that behaves like our web app (CSRF header included). */
export class TestClient {
  cookies: Record<string, string> = { [CSRF_COOKIE]: 'test-csrf-token' };
  constructor(private readonly app: FastifyInstance) {}

  async request(method: Method, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await this.app.inject({
      method,
      url,
      payload: body as never,
      cookies: this.cookies,
      headers: { [CSRF_HEADER]: this.cookies[CSRF_COOKIE] ?? '', ...headers },
    });
    for (const c of res.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now()) || c.value === '';
      if (expired) delete this.cookies[c.name];
      else this.cookies[c.name] = c.value;
    }
    return res;
  }
  /** Sends a FormData as multipart/form-data, like a browser form with files. */
  async postForm(url: string, form: FormData) {
    const response = new Response(form);
    const body = Buffer.from(await response.arrayBuffer());
    return this.request('POST', url, body, { 'content-type': response.headers.get('content-type')! });
  }
  get = (url: string) => this.request('GET', url);
  post = (url: string, body?: unknown) => this.request('POST', url, body);
  put = (url: string, body?: unknown) => this.request('PUT', url, body);
  delete = (url: string) => this.request('DELETE', url);
}

/** A user with a live session, made directly (only the sign-in tests type passwords). */
export async function signedInClient(ctx: TestContext, overrides: UserOverrides = {}) {
  const user = await buildUser(ctx.database.db, overrides);
  const store = createSessionStore(ctx.database.db, ctx.clock, ctx.config.sessionDays);
  const token = await store.create(user.id, { userAgent: 'vitest' });
  const client = new TestClient(ctx.app);
  client.cookies[SESSION_COOKIE] = token;
  return { user, client };
}

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- execute() is typed per driver: the rows are named here
export const json = <T = Record<string, unknown>>(res: LightMyRequestResponse) => res.json() as T;
