import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TGrading } from '@contract/gradings';
import type { TUserCard } from '@contract/user-cards';
import { createFileImageStore } from '../adapters/storage/files';
import type { ReferenceCard, ReferenceImagePort } from '../adapters/reference-images/port';
import { cards, gradings } from '../db/schema';
import { createEmbeddedPricing } from '../pricing/embedded';
import { createTestApp, json, signedInClient, type TestContext } from '../test/app';
import { generateSyntheticCard, renderReferenceImage } from '../../card-fixtures/synthetic/generator';
import { createGradingWorker } from './worker';

/** A grading of a card picked from the catalogue hands the card's image to the engine; a hand-typed card grades without. */
let ctx: TestContext;
let photos: Awaited<ReturnType<typeof generateSyntheticCard>>;
let reference: Buffer;
const dataDir = `.tmp/test-data-worker-ref-${process.pid}`;
const images = createFileImageStore(`${dataDir}/images`);
const asked: ReferenceCard[] = [];
const port: ReferenceImagePort = { kind: 'http', get: async (card) => (asked.push(card), reference) };

beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT: 'false', DATA_DIR: dataDir });
  photos = await generateSyntheticCard(57, { defectRate: 0, conditions: { background: { kind: 'plain', color: [40, 40, 45] } } });
  reference = await renderReferenceImage(photos.truth.front);
}, 60_000);
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function gradeOnce(fields: Record<string, string>) {
  const { client } = await signedInClient(ctx, { credits: 1 });
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [k, v] of Object.entries({ front: photos.front, back: photos.back }))
    form.append(k, new Blob([new Uint8Array(v)], { type: 'image/jpeg' }), `${k}.jpg`);
  const card = json<TUserCard>(await client.postForm('/api/user-cards', form));
  const grading = json<TGrading>(await client.post(`/api/user-cards/${card.id}/grade`));
  const worker = createGradingWorker({
    db: ctx.database.db,
    images,
    pricing: createEmbeddedPricing(),
    referenceImages: port,
    clock: ctx.clock,
  });
  expect(await worker.runOnce()).toBe(true);
  const [row] = await ctx.database.db.select().from(gradings).where(eq(gradings.gradingId, grading.gradingId));
  expect(row.status).toBe('completed');
  return row.report as { surfaceDecisionLog: { basis: { referenceGiven: boolean; matched?: boolean } } };
}

it("passes a catalogue card's image (its images.large) to the engine", async () => {
  const [catalogued] = await ctx.database.db.select({ imageLarge: cards.imageLarge }).from(cards).where(eq(cards.id, 'base1-4'));
  const report = await gradeOnce({ cardId: 'base1-4' });
  expect(asked).toEqual([{ cardId: 'base1-4', imageUrl: catalogued.imageLarge }]);
  expect(report.surfaceDecisionLog.basis).toMatchObject({ referenceGiven: true, matched: true });
}, 120_000);

it('grades a hand-typed card without asking for an image', async () => {
  asked.length = 0;
  const report = await gradeOnce({ cardName: 'My own card' });
  expect(asked).toEqual([]);
  expect(report.surfaceDecisionLog.basis).toEqual({ referenceGiven: false });
}, 120_000);
