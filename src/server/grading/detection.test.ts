import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUSAL_CODE_LIST, ZTestDetectionResponse, type TTestDetectionResponse } from '@contract/test-detection';
import { gradings, userCards, users } from '../db/schema';
import { createTestApp, json, signedInClient, TestClient, type TestContext } from '../test/app';
import { REFUSAL_CODES, psaCenteringCap, quadPose, shareRatio } from '../../engine/index';
import { generateSyntheticCard, type SyntheticCard } from '../../card-fixtures/synthetic/generator';

let ctx: TestContext;
let card: SyntheticCard;

beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT: 'false', DATA_DIR: `.tmp/test-data-${process.pid}` });
  card = await generateSyntheticCard(71, { defectRate: 0.3, conditions: { tiltDeg: 6, rotationDeg: 4 } });
}, 60_000);
afterAll(() => ctx.close());

const URL = '/api/grading/test-detection';
function form(photo: Buffer | null, fields: Record<string, string> = {}, name = 'photo.jpg') {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  if (photo) f.append('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), name);
  return f;
}
const creditsOf = async (id: string) => (await ctx.database.db.select({ c: users.credits }).from(users).where(eq(users.id, id)))[0].c;

describe('POST /api/grading/test-detection', () => {
  it('finds the card: outline near the truth, centering as the engine reports it, small images — no credit spent, nothing stored', async () => {
    const { client, user } = await signedInClient(ctx, { credits: 3 });
    const res = await client.postForm(URL, form(card.back, { face: 'back' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body.length).toBeLessThan(400_000);
    const body = ZTestDetectionResponse.parse(json(res));
    expect(body.face).toBe('back');
    const size = await sharp(card.back).metadata();
    expect(body.photo).toEqual({ width: size.width, height: size.height });
    body.corners.forEach((c, i) => {
      const truth = card.truth.back.corners[i];
      expect(Math.hypot(c.x - truth.x, c.y - truth.y)).toBeLessThan(3);
    });
    expect(body.checks.rotationDeg).toBeCloseTo(4, 0);
    expect(body.checks.perspectivePercent).toBeGreaterThan(0);
    expect(body.checks.resolution.pxPerMm).toBeGreaterThan(body.checks.resolution.minPxPerMm);
    expect(body.checks.sharpness.edgeWidthPx).toBeLessThan(body.checks.sharpness.maxEdgeWidthPx);
    expect(body.checks.glare.saturatedPercent).toBeLessThan(body.checks.glare.maxSaturatedPercent);
    expect(body.centering.measurable).toBe(true);
    if (body.centering.measurable) {
      expect(Math.abs(body.centering.horizontal - card.truth.back.horizontal)).toBeLessThan(0.6);
      expect(Math.abs(body.centering.vertical - card.truth.back.vertical)).toBeLessThan(0.6);
      expect(body.centering.psaTenLimit).toBe('75/25');
      expect(body.centering.horizontalRatio).toMatch(/^\d{1,3}\.\d\/\d{1,3}\.\d$/);
      const { left, right } = body.centering.bordersMm;
      expect(Math.abs(left - card.truth.back.borders.left)).toBeLessThan(0.15);
      expect(Math.abs(right - card.truth.back.borders.right)).toBeLessThan(0.15);
    }
    for (const img of [body.images.outline, body.images.rectified]) {
      expect(img).toMatch(/^data:image\/jpeg;base64,/);
      const meta = await sharp(Buffer.from(img.split(',')[1], 'base64')).metadata();
      expect(meta.format).toBe('jpeg');
    }
    const rect = await sharp(Buffer.from(body.images.rectified.split(',')[1], 'base64')).metadata();
    expect(rect.width).toBe(Math.round((63 + 2 * body.images.rectifiedMarginMm) * body.images.rectifiedPxPerMm));

    expect(await creditsOf(user.id)).toBe(3);
    expect(await ctx.database.db.select().from(userCards).where(eq(userCards.userId, user.id))).toHaveLength(0);
    expect(await ctx.database.db.select().from(gradings).where(eq(gradings.userId, user.id))).toHaveLength(0);
  }, 60_000);

  it('defaults to the front and gives corners in the pixels of a photo larger than what is analysed', async () => {
    const { client } = await signedInClient(ctx);
    // 3.2× is over 4096 px on the long side: the engine measures the cleaned, downscaled copy.
    const meta = await sharp(card.front).metadata();
    const big = await sharp(card.front)
      .resize(Math.round(meta.width * 3.2))
      .jpeg({ quality: 90 })
      .toBuffer();
    const res = await client.postForm(URL, form(big));
    expect(res.statusCode, res.body).toBe(200);
    const body = json<TTestDetectionResponse>(res);
    expect(body.face).toBe('front');
    expect(body.photo.width).toBe(Math.round(meta.width * 3.2));
    body.corners.forEach((c, i) => {
      const truth = card.truth.front.corners[i];
      expect(Math.hypot(c.x / 3.2 - truth.x, c.y / 3.2 - truth.y)).toBeLessThan(3);
    });
  }, 60_000);

  it('answers 422 with the refusal code and its sentence when there is no card', async () => {
    const { client } = await signedInClient(ctx);
    const noise = await sharp(randomBytes(900 * 1200 * 3), { raw: { width: 900, height: 1200, channels: 3 } })
      .jpeg()
      .toBuffer();
    const plain = await sharp({ create: { width: 1200, height: 1600, channels: 3, background: '#3a5a3a' } })
      .jpeg()
      .toBuffer();
    for (const photo of [noise, plain]) {
      const res = await client.postForm(URL, form(photo));
      expect(res.statusCode, res.body).toBe(422);
      expect(json(res)).toEqual({
        code: 'image_rejected',
        refusal: 'no_card_found',
        // The sentence, then what the engine saw in parentheses ("nothing card-sized stands out…").
        message: expect.stringContaining(`Front photo: ${REFUSAL_CODES.no_card_found} (`),
      });
    }
  }, 60_000);

  it('says a small photo is too small', async () => {
    const { client } = await signedInClient(ctx);
    const small = await sharp(card.front).resize(400).jpeg().toBuffer();
    const res = await client.postForm(URL, form(small));
    expect(res.statusCode).toBe(422);
    expect(json(res)).toMatchObject({ code: 'image_rejected', refusal: 'image_too_small', message: expect.stringContaining('too small') });
  });

  it('refuses uploads that are not a photo with a sentence to act on', async () => {
    const { client } = await signedInClient(ctx);
    const text = await client.postForm(URL, form(Buffer.from('just some text, not a picture'), {}, 'notes.jpg'));
    expect(text.statusCode).toBe(415);
    expect(json(text).message).toBe('The photo is not a JPEG, PNG, WebP or HEIC image.');
    const truncated = await client.postForm(URL, form(card.front.subarray(0, 2000)));
    expect([400, 422]).toContain(truncated.statusCode);
    expect(json(truncated).message).toMatch(/could not be read|not an image we can read/);
    const missing = await client.postForm(URL, form(null, { face: 'front' }));
    expect(missing.statusCode).toBe(400);
    expect(json(missing)).toMatchObject({ message: 'Choose a photo of the card to check.', field: 'photo' });
    const badFace = await client.postForm(URL, form(card.front, { face: 'side' }));
    expect(badFace.statusCode).toBe(400);
    expect(json(badFace)).toMatchObject({ field: 'face' });
    const asJson = await client.post(URL, { photo: 'x' });
    expect(asJson.statusCode).toBe(415);
    expect(json(asJson).message).toMatch(/multipart\/form-data/);
  });

  it('is for signed-in collectors only', async () => {
    const res = await new TestClient(ctx.app).postForm(URL, form(card.front));
    expect(res.statusCode).toBe(401);
  });

  it('keeps its refusal codes in step with the engine, and formats figures like the engine', () => {
    // The contract may name a reason before the engine gives it (faces_mismatch), never the other way round.
    expect(REFUSAL_CODE_LIST).toEqual(expect.arrayContaining(Object.keys(REFUSAL_CODES)));
    expect(shareRatio(55.24)).toBe('55.2/44.8');
    expect(shareRatio(50)).toBe('50.0/50.0');
    const square = [
      { x: 0, y: 0 },
      { x: 63, y: 0 },
      { x: 63, y: 88 },
      { x: 0, y: 88 },
    ] as const;
    expect(quadPose([...square] as never)).toEqual({ rotationDeg: 0, perspectivePercent: 0 });
    expect(psaCenteringCap('front', 54.9, 50)).toBe(10);
    expect(psaCenteringCap('front', 50, 38)).toBe(8);
    expect(psaCenteringCap('back', 30, 50)).toBe(10);
  });
});

describe('rate limit', () => {
  it('allows 30 checks a minute per collector, counted per account', async () => {
    const limited = await createTestApp({ RATE_LIMIT: 'true', DATA_DIR: `.tmp/test-data-${process.pid}-rl` });
    try {
      const a = await signedInClient(limited);
      const b = await signedInClient(limited);
      const junk = () => form(Buffer.from('not an image'));
      const codes: number[] = [];
      for (let i = 0; i < 31; i++) codes.push((await a.client.postForm(URL, junk())).statusCode);
      expect(codes.slice(0, 30).every((c) => c === 415)).toBe(true);
      expect(codes[30]).toBe(429);
      expect((await b.client.postForm(URL, junk())).statusCode).toBe(415);
    } finally {
      await limited.close();
    }
  }, 60_000);
});
