/**
 * `npm test`: type check, lint and format check, unit and API tests (Vitest), browser tests (Playwright),
 * then one closing line with the totals. Runs on embedded PGlite, or on PostgreSQL when DATABASE_URL is set.
 */
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';

const label = process.env.DATABASE_URL ? 'postgres' : 'pglite';
fs.mkdirSync('.tmp', { recursive: true });
const vitestJson = `.tmp/vitest-${label}.json`;
const playwrightJson = `.tmp/playwright-${label}.json`;
for (const f of [vitestJson, playwrightJson]) fs.rmSync(f, { force: true });

const run = (cmd: string, args: string[], env: Record<string, string> = {}) => {
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`  (${cmd} ${args[0] ?? ''}: ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return r.status ?? 1;
};

console.log(`\n== GradeVault test suite on ${label} ==`);
const skipTypecheck = process.env.SKIP_TYPECHECK === '1';
const tsc = skipTypecheck ? 0 : run('npx', ['tsc', '-p', 'tsconfig.json']);
// Lint and format depend on the source only, not the database: checked once, with the type check.
const lint = skipTypecheck ? 0 : run('npx', ['eslint', '--max-warnings=0', '.']);
const format = skipTypecheck ? 0 : run('npx', ['prettier', '--check', '--log-level=warn', '.']);
const vitest = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${vitestJson}`]);
const playwright = run('npx', ['playwright', 'test'], { PLAYWRIGHT_JSON: playwrightJson });

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}
const v = readJson<{ numPassedTests: number; numFailedTests: number; numPendingTests: number }>(vitestJson);
const p = readJson<{ stats: { expected: number; unexpected: number; flaky: number; skipped: number } }>(playwrightJson);
const passed = (v?.numPassedTests ?? 0) + (p ? p.stats.expected + p.stats.flaky : 0);
const failed =
  (v?.numFailedTests ?? 0) +
  (p?.stats.unexpected ?? 0) +
  (tsc ? 1 : 0) +
  (lint ? 1 : 0) +
  (format ? 1 : 0) +
  (v ? 0 : 1) +
  (p ? 0 : 1) +
  // A runner that failed without a failed test (a busy port, a crash before the first test) still fails the run.
  (vitest && v && !v.numFailedTests ? 1 : 0) +
  (playwright && p && !p.stats.unexpected ? 1 : 0);
const skipped = (v?.numPendingTests ?? 0) + (p?.stats.skipped ?? 0);
fs.writeFileSync(`.tmp/summary-${label}.json`, JSON.stringify({ passed, failed, skipped }));
if (tsc) console.log('type check failed');
if (lint) console.log('lint failed (npm run lint)');
if (format) console.log('format check failed (npm run format)');
console.log(`\n${label}: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(tsc || lint || format || vitest || playwright ? 1 : 0);
