import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, json, signedInClient, TestClient, type TestContext } from '../test/app';
import { createNotificationService } from './service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT: 'false' });
});
afterAll(() => ctx.close());

it('lists only my messages, newest first, and marks my own read', async () => {
  const me = await signedInClient(ctx);
  const other = await signedInClient(ctx);
  const service = createNotificationService(ctx.database.db);
  const cardId = crypto.randomUUID();
  await service.notify(me.user.id, { title: 'Grading complete', message: 'Your card is graded', relatedCardId: cardId });
  await service.notify(other.user.id, { title: 'Not yours', message: 'secret' });

  const list = json<Array<{ id: string; title: string; isRead: boolean; relatedCardId: string | null }>>(
    await me.client.get('/api/user-messages'),
  );
  expect(list).toHaveLength(1);
  expect(list[0]).toMatchObject({ title: 'Grading complete', isRead: false, relatedCardId: cardId });

  expect((await me.client.post(`/api/user-messages/${list[0].id}/mark-read`)).statusCode).toBe(200);
  const after = json<Array<{ isRead: boolean }>>(await me.client.get('/api/user-messages'));
  expect(after[0].isRead).toBe(true);

  const theirs = json<Array<{ id: string }>>(await other.client.get('/api/user-messages'))[0];
  const probe = await me.client.post(`/api/user-messages/${theirs.id}/mark-read`);
  expect(probe.statusCode).toBe(404);
  const stillUnread = json<Array<{ isRead: boolean }>>(await other.client.get('/api/user-messages'));
  expect(stillUnread[0].isRead).toBe(false);
});

it('answers 401 signed out and 400 for a malformed id', async () => {
  expect((await new TestClient(ctx.app).get('/api/user-messages')).statusCode).toBe(401);
  const me = await signedInClient(ctx);
  const res = await me.client.post('/api/user-messages/not-a-uuid/mark-read');
  expect(res.statusCode).toBe(400);
  expect(json(res).message).toBe('Not a valid id');
});
