/**
 * scripts/build-once.mjs: several processes starting together build once, under the lock file; a
 * build is redone when a source is newer, and a lock left by a killed build does not block starts.
 * The build itself is replaced by a slow fake that counts its runs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-once-'));
const buildOnce = pathToFileURL(path.resolve('scripts/build-once.mjs')).href;
const runs = path.join(root, 'runs.log');

beforeAll(() => {
  fs.mkdirSync(path.join(root, 'src'), { recursive: true });
  fs.writeFileSync(path.join(root, 'src', 'main.ts'), 'export {};');
  // A process that starts like `npm start`: ensureBuilt, with a build that takes a second.
  fs.writeFileSync(
    path.join(root, 'start.mjs'),
    `import fs from 'node:fs';
import path from 'node:path';
import { ensureBuilt } from ${JSON.stringify(buildOnce)};
const root = ${JSON.stringify(root)};
const build = async (parts) => {
  fs.appendFileSync(path.join(root, 'runs.log'), process.pid + ' ' + parts.join(',') + '\\n');
  const started = Date.now();
  await new Promise((r) => setTimeout(r, 1000));
  fs.mkdirSync(path.join(root, 'dist/server'), { recursive: true });
  fs.writeFileSync(path.join(root, 'dist/server/main.mjs'), '');
  fs.writeFileSync(path.join(root, 'dist/build-info.json'), JSON.stringify({ server: { builtAt: started, inputs: ['src'], output: 'dist/server/main.mjs' } }));
};
const built = await ensureBuilt({ root, parts: ['server'], build, force: process.argv.includes('--force') });
console.log('started, built: ' + JSON.stringify(built));
`,
  );
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function start(...args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'start.mjs'), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => resolve({ code, out }));
  });
}
const buildRuns = () => (fs.existsSync(runs) ? fs.readFileSync(runs, 'utf8').trim().split('\n').filter(Boolean).length : 0);

it('builds once when three processes start together on a fresh checkout', async () => {
  const results = await Promise.all([start(), start(), start()]);
  for (const r of results) expect(r.code, r.out).toBe(0);
  expect(buildRuns()).toBe(1);
  expect(results.filter((r) => r.out.includes('waiting for it')).length).toBeGreaterThanOrEqual(1);
  expect(results.filter((r) => r.out.includes('built: ["server"]'))).toHaveLength(1);
  expect(fs.existsSync(path.join(root, 'dist', '.build.lock'))).toBe(false);
}, 60_000);

it('starts without building when the build is fresh, and builds again once a source is newer', async () => {
  expect((await start()).out).toContain('built: []');
  expect(buildRuns()).toBe(1);
  const now = new Date();
  fs.utimesSync(path.join(root, 'src', 'main.ts'), now, now);
  const [a, b] = await Promise.all([start(), start()]);
  expect([a.code, b.code]).toEqual([0, 0]);
  expect(buildRuns()).toBe(2);
}, 60_000);

it('removes a lock left by a build that was killed', async () => {
  fs.writeFileSync(path.join(root, 'dist', '.build.lock'), `${os.hostname()} 2147483646 killed-build`);
  const r = await start('--force');
  expect(r.code, r.out).toBe(0);
  expect(buildRuns()).toBe(3);
  expect(fs.existsSync(path.join(root, 'dist', '.build.lock'))).toBe(false);
}, 60_000);
