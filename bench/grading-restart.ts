/**
 * A grading interrupted by kill -9, measured on the real server (src/server/main.ts, as `npm start`
 * runs it): upload a card, start a grading, SIGKILL the process when the grading passes 50 %, start it
 * again on the same data, and time until the grading is completed. Then checks the credit was spent
 * once: one "grading" line in the credit ledger, no refund, balance equal to the ledger's sum.
 * With DATABASE_URL it runs on PostgreSQL (the job comes back when its lease runs out); without, on a
 * temporary embedded database (the restarted process takes its job back at once).
 *   npm run bench:grading-restart
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { creditLedger, users } from '../src/server/db/schema';
import { generateSyntheticCard } from '../src/card-fixtures/synthetic/generator';
import { hasWebBuild, registeredClient, startMainServer } from './lib/main-server';

if (!hasWebBuild()) execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-web.ts'], { stdio: 'inherit' });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gv-bench-restart-'));
const port = 20_000 + Math.floor(Math.random() * 20_000);
const env = { DATA_DIR: dataDir, DEMO: 'false', RATE_LIMIT: 'false' };
const username = `restart_${process.pid}`;
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

let server = await startMainServer({ port, env });
try {
  const client = await registeredClient(server.base, username);
  // 30 px/mm (about 8 MP a face): long enough a grading to stop it half-way.
  const card = await generateSyntheticCard(4242, { defectRate: 0.5, pxPerMm: 30 });
  const form = new FormData();
  form.append('cardId', 'base1-4');
  form.append('front', new Blob([new Uint8Array(card.front)], { type: 'image/jpeg' }), 'front.jpg');
  form.append('back', new Blob([new Uint8Array(card.back)], { type: 'image/jpeg' }), 'back.jpg');
  const added = (await (await client.fetch('/api/user-cards', { method: 'POST', body: form })).json()) as { id: string };
  const started = (await (await client.fetch(`/api/user-cards/${added.id}/grade`, { method: 'POST' })).json()) as { gradingId: string };
  const poll = async () =>
    (await (await client.fetch(`/api/gradings/${started.gradingId}`)).json()) as { status: string; progress: number; currentStep: string };

  let seen = await poll();
  while (seen.progress < 45) {
    if (seen.status === 'completed' || seen.status === 'failed')
      throw new Error(`the grading ended (${seen.status}) before it reached 50 %`);
    await new Promise((r) => setTimeout(r, 5));
    seen = await poll();
  }
  server.child.kill('SIGKILL');
  await new Promise((r) => server.child.once('exit', r));
  const killedAt = performance.now();
  console.log(`\nkill -9 at ${seen.progress} % ("${seen.currentStep}")`);

  server = await startMainServer({ port, env });
  const upAt = performance.now();
  console.log(`  restarted in ${seconds(killedAt)} s`);
  let last = await poll();
  while (last.status !== 'completed') {
    if (last.status === 'failed') throw new Error('the resumed grading failed');
    await new Promise((r) => setTimeout(r, 100));
    last = await poll();
  }
  console.log(`  completed ${seconds(killedAt)} s after the kill (${seconds(upAt)} s after the restarted server was ready)`);
} finally {
  server.child.kill('SIGTERM');
  await new Promise((r) => server.child.once('exit', r));
}

const database = process.env.DATABASE_URL
  ? await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL })
  : await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
const [user] = await database.db.select().from(users).where(eq(users.username, username));
const ledger = await database.db.select().from(creditLedger).where(eq(creditLedger.userId, user.id));
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
const lines = ledger.map((l) => `${l.reason} ${l.delta > 0 ? '+' : ''}${l.delta}`).sort();
const sum = ledger.reduce((s, l) => s + l.delta, 0);
const once = ledger.filter((l) => l.reason === 'grading').length === 1 && !ledger.some((l) => l.reason === 'refund');
console.log(
  `  credits: ledger ${lines.join(', ')}; balance ${user.credits} ${sum === user.credits ? '=' : '≠'} ledger sum ${sum}; spent ${once ? 'once' : 'NOT once'} (${database.kind})`,
);
if (!once || sum !== user.credits) process.exitCode = 1;
