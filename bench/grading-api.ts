/**
 * Upload to finished grading, end to end through the HTTP API: multipart upload of front and back,
 * POST grade, then polling the grading until it completes (the worker runs in the same process, as
 * with `npm start`). Prints p50 and the spread over BENCH_RUNS cards.
 *   npm run bench:grading-api
 */
import { percentile } from '../src/engine/index';
import { startGradingBenchApp } from './lib/grading-bench-app';
import { generateSyntheticCard } from '../src/card-fixtures/synthetic/generator';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const { app, database, base, headers } = await startGradingBenchApp({
  dataDir: '.tmp/bench-grading-api',
  usernamePrefix: 'grader',
  credits: RUNS,
});

const times: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const card = await generateSyntheticCard(700_000 + i, { defectRate: 0.5 });
  const t0 = performance.now();
  const form = new FormData();
  form.append('cardName', 'Charizard');
  form.append('cardSet', 'Base');
  form.append('cardNumber', '4');
  form.append('rarity', 'Rare Holo');
  form.append('front', new Blob([new Uint8Array(card.front)], { type: 'image/jpeg' }), 'front.jpg');
  form.append('back', new Blob([new Uint8Array(card.back)], { type: 'image/jpeg' }), 'back.jpg');
  const addRes = await fetch(`${base}/api/user-cards`, { method: 'POST', body: form, headers });
  if (addRes.status !== 201) throw new Error(`upload: ${addRes.status} ${await addRes.text()}`);
  const added = (await addRes.json()) as { id: string };
  const gradeRes = await fetch(`${base}/api/user-cards/${added.id}/grade`, { method: 'POST', headers });
  if (gradeRes.status !== 202) throw new Error(`grade: ${gradeRes.status} ${await gradeRes.text()}`);
  const started = (await gradeRes.json()) as { gradingId: string };
  for (;;) {
    const g = (await (await fetch(`${base}/api/gradings/${started.gradingId}`, { headers })).json()) as {
      status?: string;
      message?: string;
    };
    if (!g.status) throw new Error(`poll: ${g.message}`);
    if (g.status === 'completed' || g.status === 'failed') break;
    await new Promise((r) => setTimeout(r, 50));
  }
  times.push((performance.now() - t0) / 1000);
}
await app.close();
await database.close();
console.log(`\nUpload to finished grading through the API (${RUNS} cards, 2.3 MP photos, ${database.kind}, polling every 50 ms):`);
console.log(`  p50 ${percentile(times, 0.5).toFixed(2)} s, min ${Math.min(...times).toFixed(2)} s, max ${Math.max(...times).toFixed(2)} s`);
