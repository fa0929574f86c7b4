/**
 * The deployment the README describes, for real (issue 23.12): two ROLE=web processes and one
 * ROLE=worker process of src/server/main.ts on one PostgreSQL database, photos in an S3 store
 * (s3rver on loopback). A collector signs in on web A, adds and grades a card there, the worker
 * grades it, and web B reads the grading and the photo. Then the sign-in limit: wrong passwords
 * spread over both web processes meet ONE budget (10 per address + account), not one per process.
 *
 * Needs PostgreSQL (DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres); it makes a
 * database of its own and drops it after. Without PostgreSQL it is skipped and says so. Bounded:
 * start-up 80 s, the journey 60 s, each wait with its own deadline (measured: about 40 s in all on
 * the shared 2-core machine, most of it three tsx start-ups and the catalogue load).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSyntheticCard } from '../card-fixtures/synthetic/generator';
import { startS3Peer, type S3Peer } from './test/s3-peer';

const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROOT = path.resolve(import.meta.dirname, '../..');

async function postgresAnswers(): Promise<boolean> {
  const { Client } = await import('pg');
  const client = new Client({ connectionString: SERVER_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
const available = await postgresAnswers();
if (!available) console.warn(`multi-process test skipped: no PostgreSQL answers at ${SERVER_URL.replace(/\/\/[^@]*@/, '//')}`);

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

type Proc = { child: ChildProcess; base: string; output: () => string };

function startProcess(role: 'web' | 'worker', env: Record<string, string>, port: number): Promise<Proc> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/server/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, ...env, ROLE: role, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const proc = { child, base: `http://127.0.0.1:${port}`, output: () => out };
  if (role === 'worker') return Promise.resolve(proc);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${role} on ${port} not ready in 45 s:\n${out.slice(-2000)}`)), 45_000);
    child.stdout.on('data', () => {
      if (out.includes('GradeVault ready on')) {
        clearTimeout(timer);
        resolve(proc);
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${role} exited (${code ?? signal}) before it was ready:\n${out.slice(-2000)}`));
    });
  });
}

/** A cookie jar over fetch that behaves like the web app (CSRF cookie + header). */
function browser() {
  const csrf = randomBytes(12).toString('hex');
  const cookies: Record<string, string> = { csrf_token: csrf };
  return {
    cookies,
    async fetch(base: string, url: string, init: RequestInit = {}) {
      const res = await fetch(`${base}${url}`, {
        ...init,
        headers: {
          cookie: Object.entries(cookies)
            .map(([k, v]) => `${k}=${v}`)
            .join('; '),
          'x-csrf-token': csrf,
          ...(typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}),
          ...(init.headers as Record<string, string>),
        },
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const [name, value] = pair.split('=');
        if (name && value !== undefined) cookies[name.trim()] = value;
      }
      return res;
    },
  };
}

describe.skipIf(!available)('two web processes and a worker on PostgreSQL and S3', () => {
  const name = `multi_process_${randomBytes(4).toString('hex')}`;
  let s3: S3Peer;
  let webA: Proc;
  let webB: Proc;
  let worker: Proc;
  const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gv-mp-uploads-'));

  beforeAll(async () => {
    const { Client } = await import('pg');
    const admin = new Client({ connectionString: SERVER_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(SERVER_URL);
    url.pathname = `/${name}`;
    s3 = await startS3Peer('gradevault-mp');
    const env = {
      ...s3.env,
      DATABASE_URL: url.toString(),
      DATABASE_POOL_SIZE: '3',
      DEMO: 'false',
      SECRET_KEY: randomBytes(32).toString('hex'),
      UPLOAD_DIR: uploadDir,
      REFERENCE_IMAGES: 'none',
      NODE_ENV: 'test',
    };
    // All three start together, as the README's deployment does: one migrates and loads the catalogue
    // under the advisory locks, the others wait and find it done.
    const ports = [await freePort(), await freePort(), await freePort()];
    [webA, webB, worker] = await Promise.all([
      startProcess('web', env, ports[0]),
      startProcess('web', env, ports[1]),
      startProcess('worker', env, ports[2]),
    ]);
  }, 80_000);

  afterAll(async () => {
    for (const p of [webA, webB, worker].filter(Boolean)) {
      if (p.child.exitCode === null) {
        const exited = new Promise((r) => p.child.once('exit', r));
        p.child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (p.child.exitCode === null) p.child.kill('SIGKILL');
      }
    }
    await s3?.close();
    fs.rmSync(uploadDir, { recursive: true, force: true });
    const { Client } = await import('pg');
    const admin = new Client({ connectionString: SERVER_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }, 30_000);

  it('signs in on one, grades through the worker, reads on the other', async () => {
    const me = browser();
    const username = `journey_${randomBytes(3).toString('hex')}`;
    const password = 'journey password 1234';
    const registered = await me.fetch(webA.base, '/api/auth/register', {
      method: 'POST',
      body: JSON.stringify({ username, email: `${username}@example.test`, password }),
    });
    expect(registered.status).toBe(201);
    delete me.cookies.sid;
    expect((await me.fetch(webA.base, '/api/auth/login', { method: 'POST', body: JSON.stringify({ username, password }) })).status).toBe(
      200,
    );
    // The session lives in the database: web B knows it.
    expect(((await (await me.fetch(webB.base, '/api/auth/user')).json()) as { username: string }).username).toBe(username);

    const card = await generateSyntheticCard(2312, { defectRate: 0.3 });
    const form = new FormData();
    form.append('cardId', 'base1-4');
    form.append('front', new Blob([new Uint8Array(card.front)], { type: 'image/jpeg' }), 'front.jpg');
    form.append('back', new Blob([new Uint8Array(card.back)], { type: 'image/jpeg' }), 'back.jpg');
    const added = await me.fetch(webA.base, '/api/user-cards', { method: 'POST', body: form });
    expect(added.status, await added.clone().text()).toBe(201);
    const { id } = (await added.json()) as { id: string };
    const graded = await me.fetch(webA.base, `/api/user-cards/${id}/grade`, { method: 'POST' });
    expect(graded.status).toBeLessThan(300);
    const { gradingId } = (await graded.json()) as { gradingId: string };

    // Neither web process grades (ROLE=web): the worker claims the job from the gradings table.
    const deadline = Date.now() + 45_000;
    let grading = { status: 'pending', psaGrade: null as number | null };
    while (Date.now() < deadline && grading.status !== 'completed' && grading.status !== 'failed') {
      await new Promise((r) => setTimeout(r, 250));
      grading = (await (await me.fetch(webB.base, `/api/gradings/${gradingId}`)).json()) as typeof grading;
    }
    expect(grading.status, worker.output().slice(-2000)).toBe('completed');
    expect(grading.psaGrade).toBeGreaterThan(0);
    const read = (await (await me.fetch(webB.base, `/api/user-cards/${id}`)).json()) as { latestGrading: { psaGrade: number } | null };
    expect(read.latestGrading?.psaGrade).toBe(grading.psaGrade);
    // The photo web A stored in S3 is served by web B.
    const photo = await me.fetch(webB.base, `/api/user-cards/${id}/images/front`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toMatch(/^image\//);
  }, 60_000);

  it('shares the sign-in limit: wrong passwords spread over both web processes meet one budget', async () => {
    const owner = browser();
    const username = `limited_${randomBytes(3).toString('hex')}`;
    const password = 'limited password 1234';
    expect(
      (
        await owner.fetch(webA.base, '/api/auth/register', {
          method: 'POST',
          body: JSON.stringify({ username, email: `${username}@example.test`, password }),
        })
      ).status,
    ).toBe(201);
    const attempt = (base: string, pw: string) =>
      browser().fetch(base, '/api/auth/login', { method: 'POST', body: JSON.stringify({ username, password: pw }) });
    const codes: number[] = [];
    // 10 per address + account in 15 minutes: five misses on each process use it up.
    for (let i = 0; i < 10; i++) codes.push((await attempt(i % 2 ? webB.base : webA.base, `wrong ${i}`)).status);
    expect(codes).toEqual(Array(10).fill(401));
    // In-memory limits would allow five more on each; the shared store refuses both, even the right password.
    for (const base of [webA.base, webB.base]) {
      const refused = await attempt(base, password);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });
});
