/**
 * Every error answer carries a code from the contract's ERROR_CODES, so clients can branch on it
 * instead of on the sentence: a set of requests that fail in each layer (routing, access, CSRF,
 * validation, Fastify's own parsing, the upload sanitiser, the services) and the code each must carry.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CSRF_HEADER, ERROR_CODES, ZApiError, type TErrorCode } from '@contract/common';
import { buildUserCard } from '../test/factories';
import { createTestApp, signedInClient, TestClient, type TestContext } from '../test/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT: 'false', DATA_DIR: `.tmp/test-data-${process.pid}` });
}, 60_000);
afterAll(() => ctx.close());

function textFiles() {
  const form = new FormData();
  form.append('cardName', 'Not a card');
  form.append('cardSet', 'Nowhere');
  form.append('cardNumber', '1');
  for (const field of ['front', 'back']) form.append(field, new Blob(['hello, not a picture'], { type: 'image/jpeg' }), `${field}.jpg`);
  return form;
}

it('answers every failure with a known, stable code', async () => {
  const anonymous = new TestClient(ctx.app);
  const { client, user } = await signedInClient(ctx, { credits: 0 });
  const card = await buildUserCard(ctx.database.db, user.id, { images: { front: 'x/front.jpg', back: 'x/back.jpg' } });
  const cases: Array<[string, () => Promise<{ statusCode: number; body: string }>, number, TErrorCode]> = [
    ['unknown endpoint', () => client.get('/api/no-such-thing'), 404, 'not_found'],
    ['signed out', () => anonymous.get('/api/user-cards'), 401, 'unauthorized'],
    ['no CSRF token', () => client.request('POST', '/api/binders', { name: 'x' }, { [CSRF_HEADER]: 'wrong' }), 403, 'csrf_rejected'],
    ['invalid body', () => client.post('/api/binders', { name: '' }), 400, 'validation'],
    ['invalid id', () => client.get('/api/binders/not-a-uuid'), 400, 'validation'],
    ['someone else’s binder', () => client.get('/api/binders/00000000-0000-4000-8000-000000000000'), 404, 'not_found'],
    ['malformed JSON', () => client.request('POST', '/api/binders', '{"name":', { 'content-type': 'application/json' }), 400, 'validation'],
    [
      'unsupported media type',
      () => client.request('POST', '/api/binders', '<binder/>', { 'content-type': 'text/xml' }),
      415,
      'unsupported_media_type',
    ],
    ['a text file as a photo', () => client.postForm('/api/user-cards', textFiles()), 415, 'image_rejected'],
    ['no credits left', () => client.post(`/api/user-cards/${card.id}/grade`), 402, 'insufficient_credits'],
  ];
  for (const [name, send, status, code] of cases) {
    const res = await send();
    expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
    const body = ZApiError.safeParse(JSON.parse(res.body));
    expect(body.error, name).toBeUndefined();
    expect(ERROR_CODES).toContain(body.data?.code);
    expect(body.data?.code, name).toBe(code);
  }
});
