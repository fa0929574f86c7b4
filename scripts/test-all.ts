/**
 * `npm test`: everything a change must pass, in as little wall time as two cores allow.
 *
 * 1. On embedded PGlite: the static checks (type check, lint, format) run beside Vitest's three
 *    projects (db, unit, web); then the browser tests (Playwright: every spec on desktop, the
 *    layout-sensitive ones at phone width).
 * 2. With TEST_POSTGRES_URL set (`.ci/run` sets it), again on PostgreSQL: what a database can change —
 *    Vitest's `db` project and the browser smoke tagged @postgres (journey, payments, admin).
 *
 * The static checks print only when they fail, so the test runners' output stays readable. At the end:
 * a table of the stages with their wall times, the runners' own summary lines, and one closing line
 * with the totals (`.ci/run` adds the two passes' totals the same way).
 *   SKIP_STATIC=1     skip type check, lint and format (a second run on the same source)
 *   SCREENSHOTS=1     browser tests save full-page screenshots to .tmp/screenshots
 */
import fs from 'node:fs';
import { spawn } from 'node:child_process';

fs.mkdirSync('.tmp', { recursive: true });

interface StageResult {
  name: string;
  seconds: number;
  status: number;
  summary?: string;
}
const stages: StageResult[] = [];

/** Runs a command; `quiet` keeps its output until it ends and prints it only when it failed. */
type Env = Record<string, string | undefined>;
function run(name: string, cmd: string, args: string[], opts: { env?: Env; quiet?: boolean } = {}) {
  const started = Date.now();
  const env = { ...process.env, ...opts.env };
  // `undefined` removes a variable: the PGlite pass must not inherit a DATABASE_URL from the shell.
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
  return new Promise<StageResult>((resolve) => {
    const child = spawn(cmd, args, { stdio: opts.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env });
    const output: Buffer[] = [];
    child.stdout?.on('data', (c: Buffer) => output.push(c));
    child.stderr?.on('data', (c: Buffer) => output.push(c));
    child.on('close', (code) => {
      const result = { name, seconds: (Date.now() - started) / 1000, status: code ?? 1 };
      if (opts.quiet && result.status !== 0) process.stdout.write(`\n== ${name} failed ==\n${Buffer.concat(output).toString()}\n`);
      stages.push(result);
      resolve(result);
    });
  });
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}
type VitestJson = { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
type PlaywrightJson = { stats: { expected: number; unexpected: number; flaky: number; skipped: number } };

async function vitest(label: string, projects: string[], env: Env): Promise<Counts> {
  const json = `.tmp/vitest-${label}.json`;
  fs.rmSync(json, { force: true });
  const projectArgs = projects.flatMap((p) => ['--project', p]);
  const stage = await run(
    `vitest ${projects.join('+')} (${label})`,
    'npx',
    ['vitest', 'run', ...projectArgs, '--reporter=default', '--reporter=json', `--outputFile=${json}`],
    {
      env,
    },
  );
  const v = readJson<VitestJson>(json);
  const counts = v
    ? { passed: v.numPassedTests, failed: v.numFailedTests, skipped: v.numPendingTests + v.numTodoTests }
    : { passed: 0, failed: 1, skipped: 0 };
  // A runner that failed without a failed test (a crash, an error outside a test) still fails the pass.
  if (stage.status !== 0 && counts.failed === 0) counts.failed = 1;
  stage.summary = `Vitest (${label}): ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`;
  return counts;
}

async function playwright(label: string, args: string[], env: Env): Promise<Counts> {
  const json = `.tmp/playwright-${label}.json`;
  fs.rmSync(json, { force: true });
  const stage = await run(`playwright (${label})`, 'npx', ['playwright', 'test', ...args], { env: { ...env, PLAYWRIGHT_JSON: json } });
  const p = readJson<PlaywrightJson>(json);
  // A flaky test (passed on a retry) counts as failed: none may be retried into green.
  const counts = p
    ? { passed: p.stats.expected, failed: p.stats.unexpected + p.stats.flaky, skipped: p.stats.skipped }
    : { passed: 0, failed: 1, skipped: 0 };
  if (stage.status !== 0 && counts.failed === 0) counts.failed = 1;
  stage.summary = `Playwright (${label}): ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`;
  return counts;
}

const add = (a: Counts, b: Counts): Counts => ({
  passed: a.passed + b.passed,
  failed: a.failed + b.failed,
  skipped: a.skipped + b.skipped,
});
const started = Date.now();
let total: Counts = { passed: 0, failed: 0, skipped: 0 };

// The PGlite pass: the static checks beside Vitest (each is mostly one core), then the browser.
const pglite: Env = { DATABASE_URL: undefined };
const staticChecks = async () => {
  if (process.env.SKIP_STATIC === '1') return 0;
  const results = [
    await run('type check (tsc)', 'npx', ['tsc', '-p', 'tsconfig.json'], { quiet: true }),
    await run('lint (eslint)', 'npx', ['eslint', '--max-warnings=0', '.'], { quiet: true }),
    await run('format (prettier)', 'npx', ['prettier', '--check', '--log-level=warn', '.'], { quiet: true }),
  ];
  return results.filter((r) => r.status !== 0).length;
};
const [staticFailures, unitCounts] = await Promise.all([staticChecks(), vitest('pglite', ['db', 'unit', 'web'], pglite)]);
total = add(total, unitCounts);
total.failed += staticFailures;
total = add(total, await playwright('pglite', [], pglite));

// The PostgreSQL pass: only what a database can change.
const postgresUrl = process.env.TEST_POSTGRES_URL;
if (postgresUrl) {
  const postgres = { DATABASE_URL: postgresUrl };
  total = add(total, await vitest('postgres', ['db'], postgres));
  total = add(total, await playwright('postgres', ['--project=desktop', '--grep=@postgres'], postgres));
} else {
  console.log('\nTEST_POSTGRES_URL is not set: the PostgreSQL pass is skipped (.ci/run sets it).');
}

const summaries = stages.flatMap((s) => (s.summary ? [s.summary] : []));
fs.writeFileSync(
  '.tmp/test-summary.json',
  JSON.stringify({ ...total, summaries, stages: stages.map(({ name, seconds, status }) => ({ name, seconds, status })) }),
);
const wall = (Date.now() - started) / 1000;
console.log('\n== Stages ==');
console.log(
  stages.map((s) => `  ${s.name.padEnd(34)} ${s.seconds.toFixed(1).padStart(7)} s  ${s.status === 0 ? 'ok' : 'FAILED'}`).join('\n'),
);
console.log(`  ${'npm test (wall)'.padEnd(34)} ${wall.toFixed(1).padStart(7)} s   (the static checks run beside Vitest)`);
console.log('');
for (const line of summaries) console.log(line);
console.log(`\nnpm test: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed > 0 || stages.some((s) => s.status !== 0) ? 1 : 0);
