import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, signedInClient, TestClient, type TestContext } from '../test/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT: 'false' });
});
afterAll(() => ctx.close());

describe('POST /api/grading/manual-grade', () => {
  it('applies the engine tables to entered sub-grades', async () => {
    const { client } = await signedInClient(ctx);
    const perfect = json(await client.post('/api/grading/manual-grade', { corners: 10, edges: 10, surface: 10, frontCentering: 50, backCentering: 50 }));
    expect(perfect).toMatchObject({ psaGrade: 10, bgsGrade: 10, bgsLabel: 'Pristine 10 (Black Label)', cgcLabel: 'Pristine 10' });
    const offCentre = json(await client.post('/api/grading/manual-grade', { corners: 10, edges: 10, surface: 10, frontCentering: 62, backCentering: 70 }));
    expect(offCentre).toMatchObject({ psaGrade: 8 });
    const worn = json(await client.post('/api/grading/manual-grade', { corners: 7, edges: 9, surface: 9.5, frontCentering: null, backCentering: null }));
    expect(worn).toMatchObject({ psaGrade: 7 });
  });

  it('explains bad input and needs a signed-in user', async () => {
    const { client } = await signedInClient(ctx);
    const res = await client.post('/api/grading/manual-grade', { corners: 9.3, edges: 10, surface: 10, frontCentering: 40, backCentering: null });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/half steps|larger share/);
    expect((await new TestClient(ctx.app).post('/api/grading/manual-grade', { corners: 9, edges: 9, surface: 9, frontCentering: 55, backCentering: 60 })).statusCode).toBe(401);
  });
});
