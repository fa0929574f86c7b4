/**
 * The production server bundle (scripts/build.ts): it imports no devDependency, carries every file
 * its modules read at run time, and runs with plain `node`: it starts on a fresh data folder, and a
 * newcomer can finish a password reset with the code the embedded outbox prints to the log.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Metafile } from 'esbuild';
import { ROOT, SERVER_ENTRIES, buildServer, entryOutPath, nonProductionImports } from './build';

const work = path.join(ROOT, '.tmp', `bundle-test-${process.pid}`);
const outdir = path.join(work, 'server');
let metafile: Metafile;
beforeAll(async () => {
  metafile = await buildServer(outdir);
}, 120_000);
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

describe('the server bundle', () => {
  it('imports production dependencies only (never Vite or another devDependency)', () => {
    expect(nonProductionImports(metafile, pkg)).toEqual([]);
    const externals = new Set(Object.values(metafile.outputs).flatMap((o) => o.imports.filter((i) => i.external).map((i) => i.path)));
    for (const dev of Object.keys(pkg.devDependencies))
      expect(
        [...externals].some((p) => p === dev || p.startsWith(`${dev}/`)),
        dev,
      ).toBe(false);
    // Packages stay imports (installed beside the bundle), never copied into it.
    expect(Object.keys(metafile.inputs).filter((f) => f.includes('node_modules'))).toEqual([]);
    for (const native of ['sharp', '@node-rs/argon2', 'pg', 'fastify'])
      expect(
        [...externals].some((p) => p === native || p.startsWith(`${native}/`)),
        native,
      ).toBe(true);
  });

  it('fails the check when a bundle imports a devDependency', () => {
    const withVite: Metafile = {
      inputs: {},
      outputs: {
        'main.mjs': {
          bytes: 1,
          inputs: {},
          exports: [],
          imports: [
            { path: 'vite', kind: 'dynamic-import', external: true },
            { path: 'node:fs', kind: 'import-statement', external: true },
          ],
        },
      },
    };
    expect(nonProductionImports(withVite, pkg)).toEqual(['vite (imported by main.mjs)']);
  });

  it('writes each entry where its source sits under src/server', () => {
    for (const entry of SERVER_ENTRIES) expect(fs.existsSync(path.join(outdir, `${entryOutPath(entry)}.mjs`)), entry).toBe(true);
    expect(entryOutPath('src/server/grading/engine-worker.ts')).toBe('grading/engine-worker');
    expect(entryOutPath('scripts/create-admin.ts')).toBe('create-admin');
  });

  it('carries every file a module finds with new URL(…, import.meta.url) (add it to SERVER_ASSETS)', () => {
    const serverSrc = path.join(ROOT, 'src', 'server');
    const walk = (dir: string): string[] =>
      fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
    const used = walk(serverSrc).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    let checked = 0;
    for (const file of used) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/new URL\(\s*['"]([^'"]+)['"]\s*,\s*import\.meta\.url\s*\)/g)) {
        const inBundle = path.resolve(path.dirname(path.join(outdir, path.relative(serverSrc, file))), m[1]);
        if (path.relative(outdir, inBundle).startsWith('..')) continue; // beside dist/server, e.g. dist/web
        checked++;
        expect(fs.existsSync(inBundle), `${path.relative(ROOT, file)}: ${m[1]}`).toBe(true);
      }
    }
    expect(checked).toBeGreaterThanOrEqual(2); // migrations, catalogue snapshot
  });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

describe('the built server under plain node', () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child?.exitCode === null) child.kill('SIGTERM');
  });

  it('starts on a fresh data folder, and the outbox log gives a newcomer the reset code', async () => {
    const port = await freePort();
    let output = '';
    child = spawn(process.execPath, [path.join(outdir, 'main.mjs')], {
      cwd: work,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(work, 'data'),
        DEMO: 'true',
        DEMO_PASSWORD: 'first-password-1',
        RATE_LIMIT: 'false',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const until = async (test: () => boolean, what: string, ms = 150_000) => {
      const end = Date.now() + ms;
      while (!test()) {
        if (Date.now() > end || child!.exitCode !== null) throw new Error(`${what} did not happen:\n${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    await until(() => output.includes('GradeVault ready'), 'the start');
    const base = `http://127.0.0.1:${port}`;
    expect(await (await fetch(`${base}/api/health`)).json()).toMatchObject({ status: 'ok', database: 'pglite' });
    const csrf = { cookie: 'csrf_token=bundle-test', 'x-csrf-token': 'bundle-test', 'content-type': 'application/json' };
    const post = (url: string, body: unknown) => fetch(`${base}${url}`, { method: 'POST', headers: csrf, body: JSON.stringify(body) });

    const email = 'collector@demo.gradevault.local';
    expect((await post('/api/auth/forgot-password', { email })).status).toBe(200);
    await until(() => /Your password reset code is (\S+)\./.test(output), 'the outbox log line', 30_000);
    expect(output).toContain('Subject: Your GradeVault password reset code');
    const code = /Your password reset code is (\S+)\./.exec(output)![1];
    const reset = await post('/api/auth/reset-password', {
      email,
      resetCode: code,
      newPassword: 'second-password-2',
      confirmPassword: 'second-password-2',
    });
    expect(reset.status, await reset.clone().text()).toBe(200);
    expect((await post('/api/auth/login', { username: 'collector', password: 'second-password-2' })).status).toBe(200);
  }, 240_000);
});
