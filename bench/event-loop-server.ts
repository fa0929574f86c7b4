/**
 * Server side of bench/event-loop.ts: the real app (grading worker included, as with `npm start`) on
 * an embedded database, one signed-in user with credits, and four cards already uploaded. Prints
 * `READY <port> <session token> <card ids, comma-separated>`.
 */
import { startGradingBenchApp } from './lib/grading-bench-app';
import { generateSyntheticCard } from '../src/card-fixtures/synthetic/generator';

const CARDS = Number(process.env.BENCH_GRADINGS ?? 4);
const { app, base, headers, token } = await startGradingBenchApp({
  dataDir: '.tmp/bench-event-loop',
  usernamePrefix: 'loop',
  credits: CARDS,
});
const ids: string[] = [];
for (let i = 0; i < CARDS; i++) {
  const card = await generateSyntheticCard(710_000 + i, { defectRate: 0.5 });
  const form = new FormData();
  for (const [k, v] of Object.entries({ cardName: 'Charizard', cardSet: 'Base', cardNumber: '4', rarity: 'Rare Holo' })) form.append(k, v);
  form.append('front', new Blob([new Uint8Array(card.front)], { type: 'image/jpeg' }), 'front.jpg');
  form.append('back', new Blob([new Uint8Array(card.back)], { type: 'image/jpeg' }), 'back.jpg');
  const res = await fetch(`${base}/api/user-cards`, { method: 'POST', body: form, headers });
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
  ids.push(((await res.json()) as { id: string }).id);
}
console.log(`READY ${(app.server.address() as { port: number }).port} ${token} ${ids.join(',')}`);
