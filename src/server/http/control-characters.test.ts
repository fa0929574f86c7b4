/**
 * Text with control characters is refused at the contract (400 and a sentence), never stored, and
 * never turned into a 500 by the database (PostgreSQL cannot store NUL). And whatever does fail in
 * SQL is logged without its parameters: a failed registration once logged the new argon2 hash.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { CONTROL_CHARACTERS_MESSAGE } from '@contract/text';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { createTestApp, json, signedInClient, TestClient, TestClock, type TestContext } from '../test/app';
import { openTestDatabase } from '../test/db';
import { TEST_PASSWORD } from '../test/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT: 'false' });
});
afterAll(() => ctx.close());

const NUL = '\u0000';
const ZERO_ID = '00000000-0000-4000-8000-000000000000';
const register = {
  username: 'nul_probe',
  email: 'nul.probe@example.test',
  password: 'a good password',
  firstName: 'Ada',
  lastName: 'Byron',
};

/** One request per text field of the contract, each with a control character in that field only. */
const CASES: Array<[string, 'GET' | 'POST' | 'PUT' | 'PATCH', string, unknown?]> = [
  ...Object.keys(register).map(
    (field) =>
      [`register ${field}`, 'POST', '/api/auth/register', { ...register, [field]: `ab${NUL}cdefghij` }] as [
        string,
        'POST',
        string,
        unknown,
      ],
  ),
  ['login username', 'POST', '/api/auth/login', { username: `ad${NUL}min`, password: 'whatever' }],
  ['login password', 'POST', '/api/auth/login', { username: 'admin', password: `pass${NUL}word` }],
  ['forgot email', 'POST', '/api/auth/forgot-password', { email: `a${NUL}@example.test` }],
  [
    'reset new password',
    'POST',
    '/api/auth/reset-password',
    { email: 'a@example.test', resetCode: '123456', newPassword: `new ${NUL}password`, confirmPassword: `new ${NUL}password` },
  ],
  ['profile first name', 'PUT', '/api/auth/profile', { firstName: `A${NUL}`, lastName: null, email: 'x@example.test' }],
  ['profile last name (escape)', 'PUT', '/api/auth/profile', { firstName: null, lastName: 'B\u001b[31m', email: 'x@example.test' }],
  [
    'change current password',
    'POST',
    '/api/auth/change-password',
    { currentPassword: `x${NUL}`, newPassword: 'a new password', confirmPassword: 'a new password' },
  ],
  ['binder name', 'POST', '/api/binders', { name: `Holos${NUL}` }],
  ['binder name (tab)', 'POST', '/api/binders', { name: 'Holos\tand more' }],
  ['binder description', 'PATCH', `/api/binders/${ZERO_ID}`, { description: `All${NUL}` }],
  ['binder entry notes', 'PUT', `/api/binders/${ZERO_ID}/cards/${ZERO_ID}`, { personalNotes: `x${NUL}`, actualPurchasePrice: null }],
  ['card notes', 'PATCH', `/api/user-cards/${ZERO_ID}`, { personalNotes: `DEL\u007f` }],
  ['catalogue search', 'GET', `/api/catalogue/search?q=char${encodeURIComponent(NUL)}izard`],
  ['catalogue set', 'GET', `/api/catalogue/search?q=charizard&setId=base${encodeURIComponent(NUL)}`],
  ['catalogue card id', 'GET', `/api/catalogue/cards/base1-4${encodeURIComponent(NUL)}`],
  ['collection search', 'GET', `/api/user-cards?q=${encodeURIComponent(`a${NUL}`)}`],
  ['collection set filter', 'GET', `/api/user-cards?set=${encodeURIComponent(`Base${NUL}`)}`],
];

it('refuses a control character in every text field with 400 and a sentence', async () => {
  const { client } = await signedInClient(ctx);
  const answers: Array<[string, number, string]> = [];
  for (const [name, method, url, body] of CASES) {
    const res = await client.request(method, url, body);
    answers.push([name, res.statusCode, json(res).message as string]);
  }
  const form = new FormData();
  form.append('cardName', `Chari${NUL}zard`);
  const add = await client.postForm('/api/user-cards', form);
  answers.push(['add-card card name', add.statusCode, json(add).message as string]);
  expect(answers).toEqual(answers.map(([name]) => [name, 400, CONTROL_CHARACTERS_MESSAGE]));
});

it('keeps line breaks and tabs in multi-line text (notes, descriptions)', async () => {
  const { client } = await signedInClient(ctx);
  const res = await client.post('/api/binders', { name: 'Holos', description: 'First line\nSecond line\r\n\tindented' });
  expect(res.statusCode).toBe(201);
  expect(json(res).description).toBe('First line\nSecond line\r\n\tindented');
});

describe('logs', () => {
  let app: FastifyInstance;
  let database: Database;
  const lines: string[] = [];
  const SECRET_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ$c2VjcmV0LWhhc2gtdGhhdC1tdXN0LW5vdC1sZWFr';

  beforeAll(async () => {
    database = await openTestDatabase();
    const config = loadConfig({ LOG_LEVEL: 'info', DATA_DIR: '.tmp/test-data', RATE_LIMIT: 'false' });
    app = await buildApp(
      {
        config,
        database,
        clock: new TestClock(),
        mail: { transport: 'outbox', send: async () => undefined },
        secret: 'test-secret-test-secret-test-secret!',
      },
      { logStream: { write: (line) => void lines.push(line) } },
    );
    // A statement that fails in the database with a secret among its parameters, like the NUL
    // registration did before the contract refused it.
    app.post('/api/test/failing-insert', { config: { access: 'public' } }, async () => {
      await database.db.insert(users).values({ username: `x${NUL}y`, email: 'leak@example.test', passwordHash: SECRET_HASH });
      return { never: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('a NUL registration answers 400 and logs neither the password nor a hash', async () => {
    const client = new TestClient(app);
    const res = await client.post('/api/auth/register', {
      ...register,
      username: 'nul_log',
      email: 'nul.log@example.test',
      lastName: `By${NUL}ron`,
      password: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    const log = lines.join('');
    expect(log).toContain('/api/auth/register');
    expect(log).not.toContain(TEST_PASSWORD);
    expect(log).not.toContain('$argon2');
  });

  it('a failed SQL statement is logged with its SQL and code, never its parameters or secrets', async () => {
    const client = new TestClient(app);
    const res = await client.request(
      'POST',
      '/api/test/failing-insert',
      {},
      { cookie: 'sid=secret-session-token', authorization: 'Bearer secret-bearer' },
    );
    expect(res.statusCode).toBe(500);
    const entry = lines
      .map((l) => JSON.parse(l) as { msg?: string; err?: Record<string, unknown> })
      .find((l) => l.msg === 'request failed');
    expect(entry?.err).toMatchObject({ message: expect.stringContaining('insert into "users"') });
    expect(String(entry?.err?.stack)).toMatch(/params: \[redacted\]/);
    const log = lines.join('');
    for (const secret of [SECRET_HASH, 'leak@example.test', 'secret-session-token', 'secret-bearer', 'c2VjcmV0'])
      expect(log).not.toContain(secret);
  });
});
