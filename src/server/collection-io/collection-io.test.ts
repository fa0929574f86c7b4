/**
 * The import over HTTP: upload → preview → confirm, bad files refused with nothing written, one
 * collector never seeing another's import, and the export's escaping and round trip.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TConfirmImportResponse, TImportPreviewResponse } from '@contract/collection-io';
import { binderCards, binders, collectionImports, userCards } from '../db/schema';
import { createTestApp, json, signedInClient, type TestClient, type TestContext } from '../test/app';
import { buildGrading, buildUserCard } from '../test/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT: 'false' });
}, 60_000);
afterAll(() => ctx.close());

function csvForm(content: string | Buffer, name = 'cards.csv') {
  const form = new FormData();
  form.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)], { type: 'text/csv' }), name);
  return form;
}
const upload = (client: TestClient, content: string | Buffer) => client.postForm('/api/collection-imports', csvForm(content));
const cardsOf = (userId: string) => ctx.database.db.select().from(userCards).where(eq(userCards.userId, userId));

const TCGPLAYER = [
  'Quantity,Name,Set,Card Number,Printing,Condition,Price',
  '2,Charizard,Base Set,4/102,1st Edition,Near Mint Holofoil,$350.00',
  '1,Blastoise,Base,2,,Lightly Played Holofoil,80',
  '1,Pikachu,Nowhere Set,58,,,',
  '1,Charizard,Base,999,,,',
  '1,Venusaur,Base,4,,,',
].join('\r\n');

describe('import', () => {
  it('previews matched, ambiguous and unmatched rows without writing, then confirms once', async () => {
    const { user, client } = await signedInClient(ctx);
    const res = await upload(client, TCGPLAYER);
    expect(res.statusCode).toBe(201);
    const preview = json<TImportPreviewResponse>(res);
    expect(preview).toMatchObject({ format: 'tcgplayer', counts: { total: 5, matched: 2, ambiguous: 2, unmatched: 1 } });
    const [charizard, blastoise, pikachu, missing, venusaur] = preview.rows;
    expect(charizard).toMatchObject({
      status: 'matched',
      cardId: 'base1-4',
      quantity: 2,
      edition: 'first_edition',
      finish: 'holofoil',
      purchasePrice: '350.00',
    });
    expect(blastoise).toMatchObject({ status: 'matched', cardId: 'base1-2', finish: 'holofoil' });
    // An unknown set, but cards named Pikachu numbered 58 exist: offered, not guessed.
    expect(pikachu.status).toBe('ambiguous');
    expect(pikachu.candidates.length).toBeGreaterThan(0);
    expect(pikachu.candidates.every((c) => c.name === 'Pikachu')).toBe(true);
    expect(missing).toMatchObject({ status: 'unmatched', reason: expect.stringMatching(/no card number 999/) });
    expect(venusaur).toMatchObject({ status: 'ambiguous', reason: expect.stringMatching(/Charizard/) });
    expect(await cardsOf(user.id)).toHaveLength(0);

    const ambiguousPage = json<TImportPreviewResponse>(await client.get(`/api/collection-imports/${preview.id}?status=ambiguous`));
    expect(ambiguousPage.rows.map((r) => r.line)).toEqual([4, 6]);

    // A choice must be one of the row's candidates.
    const wrong = await client.post(`/api/collection-imports/${preview.id}/confirm`, { choices: [{ line: 4, cardId: 'base1-4' }] });
    expect(wrong.statusCode).toBe(400);
    expect(await cardsOf(user.id)).toHaveLength(0);

    const choice = { line: 4, cardId: pikachu.candidates[0].cardId };
    const first = json<TConfirmImportResponse>(await client.post(`/api/collection-imports/${preview.id}/confirm`, { choices: [choice] }));
    expect(first).toMatchObject({ imported: 3, skipped: 2, alreadyConfirmed: false });
    const again = json<TConfirmImportResponse>(await client.post(`/api/collection-imports/${preview.id}/confirm`, { choices: [choice] }));
    expect(again).toMatchObject({ imported: 3, alreadyConfirmed: true });

    const mine = await cardsOf(user.id);
    expect(mine).toHaveLength(3);
    const zard = mine.find((c) => c.cardId === 'base1-4')!;
    expect(zard).toMatchObject({
      cardName: 'Charizard',
      cardSet: 'Base',
      cardNumber: '4',
      quantity: 2,
      edition: 'first_edition',
      finish: 'holofoil',
      purchasePriceCents: 35000,
      images: {},
    });
  });

  it('confirming twice at once still writes once', async () => {
    const { user, client } = await signedInClient(ctx);
    const preview = json<TImportPreviewResponse>(await upload(client, 'Name,Set,Number\nCharizard,Base,4\nBlastoise,Base,2\n'));
    const url = `/api/collection-imports/${preview.id}/confirm`;
    const answers = await Promise.all([client.post(url, {}), client.post(url, {}), client.post(url, {})]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => !json<TConfirmImportResponse>(a).alreadyConfirmed)).toHaveLength(1);
    expect(await cardsOf(user.id)).toHaveLength(2);
  });

  it('holds notes and names to the text rules PATCH holds them to: ESC, BEL and NEL rows are not imported (issue 23.8)', async () => {
    const { user, client } = await signedInClient(ctx);
    const file = [
      'Name,Set,Number,Notes',
      'Charizard,Base,4,"mint \u001b[31m red"',
      'Blastoise,Base,2,"ring \u0007 bell"',
      'Venusaur,Base,15,"next \u0085 line"',
      'Chansey,Base,3,"Char\u001bzard"',
      'Pikachu\u0007,Base,58,',
      'Alakazam,Base,1,"two\nlines\tand a tab"',
    ].join('\n');
    const preview = json<TImportPreviewResponse>(await upload(client, file));
    const byLine = Object.fromEntries(preview.rows.map((r) => [r.line, r]));
    for (const line of [2, 3, 4, 5])
      expect(byLine[line], `line ${line}`).toMatchObject({
        status: 'unmatched',
        reason: expect.stringMatching(/^Notes: .*control character/),
      });
    expect(byLine[6]).toMatchObject({ status: 'unmatched', reason: expect.stringMatching(/^Name: .*control character/) });
    expect(byLine[7]).toMatchObject({ status: 'matched', notes: 'two\nlines\tand a tab' });
    const done = json<TConfirmImportResponse>(await client.post(`/api/collection-imports/${preview.id}/confirm`, {}));
    expect(done.alreadyConfirmed).toBe(false);
    const stored = await cardsOf(user.id);
    expect(stored.map((c) => c.personalNotes)).toEqual(['two\nlines\tand a tab']);
    // PATCH answers the same text with the same refusal.
    const patch = await client.request('PATCH', `/api/user-cards/${stored[0].id}`, { personalNotes: 'mint \u001b[31m red' });
    expect(patch.statusCode).toBe(400);
  });

  it("a collector never sees nor confirms another's import", async () => {
    const alice = await signedInClient(ctx);
    const bob = await signedInClient(ctx);
    const preview = json<TImportPreviewResponse>(await upload(alice.client, 'Name,Set,Number\nCharizard,Base,4\n'));
    expect((await bob.client.get(`/api/collection-imports/${preview.id}`)).statusCode).toBe(404);
    expect((await bob.client.post(`/api/collection-imports/${preview.id}/confirm`, {})).statusCode).toBe(404);
    expect(await cardsOf(bob.user.id)).toHaveLength(0);
    expect(await cardsOf(alice.user.id)).toHaveLength(0);
  });

  it('an expired preview is gone', async () => {
    const { client } = await signedInClient(ctx);
    const preview = json<TImportPreviewResponse>(await upload(client, 'Name,Set,Number\nCharizard,Base,4\n'));
    ctx.clock.advance(25 * 3600_000);
    try {
      expect((await client.post(`/api/collection-imports/${preview.id}/confirm`, {})).statusCode).toBe(404);
    } finally {
      ctx.clock.advance(-25 * 3600_000);
    }
  });
});

describe('bad files: a clear error and nothing written', () => {
  async function refused(content: string | Buffer, status: number, message: RegExp) {
    const { user, client } = await signedInClient(ctx);
    const res = await upload(client, content);
    expect([res.statusCode, res.json().message]).toEqual([status, expect.stringMatching(message)]);
    expect(await cardsOf(user.id)).toHaveLength(0);
    expect(await ctx.database.db.select().from(collectionImports).where(eq(collectionImports.userId, user.id))).toHaveLength(0);
  }

  it('formula-injection cells', async () => {
    await refused(
      'Name,Set,Number,Notes\nCharizard,Base,4,"=HYPERLINK(""http://evil.example"",""x"")"\n',
      422,
      /Nothing was imported.*line 2, column "Notes"/,
    );
    await refused('Name,Set,Number\n@SUM(1+1),Base,4\n', 422, /formulas/);
    await refused('Name,Set,Number\nCharizard,Base,+cmd|calc\n', 422, /formulas/);
    // After a separator a spreadsheet may split on (issue 23.7).
    await refused('Name,Set,Number,Notes\nCharizard,Base,4,"fine;=2+3;"\n', 422, /line 2, column "Notes": "fine;=2\+3;"/);
    await refused('Name,Set,Number,Notes\nCharizard,Base,4,"ok\n@SUM(A1)"\n', 422, /formulas/);
  });

  it('not UTF-8, a workbook, no header columns, broken quotes, empty', async () => {
    await refused(Buffer.from('Name,Set,Number\nPok\xe9mon,Base,4\n', 'latin1'), 415, /not UTF-8 text/);
    await refused(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0]), 415, /Excel workbook/);
    await refused('Card,Price\nCharizard,4\n', 422, /card number column/);
    await refused('Name,Set,Number\n"Charizard,Base,4\n', 422, /never closed/);
    await refused('Name,Set,Number\n', 422, /no cards/);
  });

  it('100,000 rows', async () => {
    await refused('Name,Set,Number\n' + 'Charizard,Base,4\n'.repeat(100_000), 413, /more than 10,000 cards/);
  });

  it('50 MB: refused from its declared length before the body is read', async () => {
    const { user, client } = await signedInClient(ctx);
    // The declared length alone decides: no 50 MB buffer needed to prove it.
    const res = await client.request('POST', '/api/collection-imports', 'x', {
      'content-type': 'multipart/form-data; boundary=abc',
      'content-length': String(50 * 1024 * 1024),
    });
    expect([res.statusCode, res.json().message]).toEqual([413, expect.stringMatching(/larger than 5 MB/)]);
    expect(await cardsOf(user.id)).toHaveLength(0);
  });

  it('over 5 MB without a declared length: stopped at the cap', async () => {
    await refused('Name,Set,Number,Notes\n' + `Charizard,Base,4,${'n'.repeat(1000)}\n`.repeat(5300), 413, /larger than 5 MB/);
  });
});

describe('export', () => {
  it('escapes formula cells, lists binders, and imports back with every row matched', async () => {
    const { user, client } = await signedInClient(ctx);
    const graded = await buildUserCard(ctx.database.db, user.id, {
      personalNotes: '=HYPERLINK("http://evil.example","x")',
      purchasePriceCents: 12_345,
      edition: 'first_edition',
      finish: 'holofoil',
      quantity: 2,
    });
    const grading = await buildGrading(ctx.database.db, graded);
    const [binder] = await ctx.database.db.insert(binders).values({ userId: user.id, name: '@Holos, best' }).returning();
    await ctx.database.db.insert(binderCards).values({ binderId: binder.id, userCardId: graded.id, submissionId: grading.id });
    await buildUserCard(ctx.database.db, user.id, {
      cardId: 'base1-2',
      cardName: 'Blastoise',
      cardNumber: '2',
      personalNotes: 'line one\nline "two"',
    });
    await buildUserCard(ctx.database.db, user.id, { cardId: 'base1-3', cardName: 'Chansey', cardNumber: '3', personalNotes: 'fine;=2+3;' });

    const res = await client.get('/api/user-cards/export.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="gradevault-collection-\d{4}-\d\d-\d\d\.csv"$/);
    const body = res.rawPayload;
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = body.toString('utf8');
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(text).toContain(`"'@Holos, best"`);
    expect(text).toContain(`fine;'=2+3;`);
    expect(text).not.toMatch(/[;,\t|\n]\s*[=+@]/);
    expect(text).toContain('Charizard,Base,base1,4,Rare Holo,1st Edition,Holo,2,9,9,9,PSA,120.00,110.50,95.00,120.00,123.45,');

    const preview = json<TImportPreviewResponse>(await upload(client, body));
    expect(preview).toMatchObject({ format: 'gradevault', hasBinders: true, hasGrades: true, counts: { total: 3, matched: 3 } });
    expect(preview.rows[0]).toMatchObject({
      cardId: 'base1-4',
      notes: '=HYPERLINK("http://evil.example","x")',
      binders: ['@Holos, best'],
      quantity: 2,
      edition: 'first_edition',
      finish: 'holofoil',
      purchasePrice: '123.45',
    });
    expect(preview.rows.find((r) => r.cardId === 'base1-2')).toMatchObject({ notes: 'line one\nline "two"' });
    expect(preview.rows.find((r) => r.cardId === 'base1-3')).toMatchObject({ notes: 'fine;=2+3;' });

    // Issue 24: the own export, imported again, is recognised row by row before anything is doubled.
    expect(preview.counts.duplicates).toBe(3);
    expect(preview.rows.every((r) => r.duplicate)).toBe(true);
    const skipped = json<TConfirmImportResponse>(await client.post(`/api/collection-imports/${preview.id}/confirm`, {}));
    expect(skipped).toMatchObject({ imported: 0, skipped: 3 });
    expect(await cardsOf(user.id)).toHaveLength(3);
    // Anyway, on the collector's word: more copies. A changed price is a different purchase, not a repeat.
    const again = json<TImportPreviewResponse>(await upload(client, body));
    const anyway = json<TConfirmImportResponse>(await client.post(`/api/collection-imports/${again.id}/confirm`, { duplicates: 'import' }));
    expect(anyway).toMatchObject({ imported: 3, skipped: 0 });
    expect(await cardsOf(user.id)).toHaveLength(6);
    const repriced = json<TImportPreviewResponse>(await upload(client, text.replace('123.45', '99.00')));
    expect(repriced.counts.duplicates).toBe(2);
    expect(repriced.rows.find((r) => r.cardId === 'base1-4')?.duplicate).toBe(false);
    expect((await client.post(`/api/collection-imports/${repriced.id}/confirm`, { duplicates: 'maybe' })).statusCode).toBe(400);
  });

  it("is the caller's own collection only", async () => {
    const alice = await signedInClient(ctx);
    await buildUserCard(ctx.database.db, alice.user.id, { personalNotes: 'alice-secret' });
    const bob = await signedInClient(ctx);
    const text = (await bob.client.get('/api/user-cards/export.csv')).body;
    expect(text).not.toContain('alice-secret');
    expect(text.trim().split('\n')).toHaveLength(1);
  });
});
