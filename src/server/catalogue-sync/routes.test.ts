import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, signedInClient, type TestContext } from '../test/app';
import { openPrivateTestDatabase } from '../test/private-database';
import type { TSyncEvent, TSyncLog } from '@contract/catalogue-sync';

let ctx: TestContext;
beforeAll(async () => {
  // Its own database: one sync runs at a time across a database, and other files run syncs.
  ctx = await createTestApp({}, undefined, { database: await openPrivateTestDatabase() });
});
afterAll(() => ctx.close());

const BASE = '/api/admin/sync';

describe('sync endpoints (spec §7.3)', () => {
  it('are for administrators only', async () => {
    const { client } = await signedInClient(ctx);
    expect((await client.get(`${BASE}/logs`)).statusCode).toBe(403);
    expect((await client.post(`${BASE}/start-full`)).statusCode).toBe(403);
  });

  it('start answers with a message; a second start while one runs is 409 with a message; cancel, resume and events follow the run', async () => {
    const { client } = await signedInClient(ctx, { role: 'admin' });
    // The worker is not started in this test: the run stays queued, which is "running" for everyone.
    const started = await client.post(`${BASE}/start-sets`);
    expect(started.statusCode).toBe(200);
    const { message, syncLogId } = json<{ message: string; syncLogId: string }>(started);
    expect(message).toBe('Sets sync started.');
    const again = await client.post(`${BASE}/start-cards`);
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toMatch(/already running/);

    const logs = json<TSyncLog[]>(await client.get(`${BASE}/logs`));
    expect(logs[0]).toMatchObject({
      id: syncLogId,
      type: 'sets',
      status: 'running',
      totalRecords: 0,
      processedRecords: 0,
      errorCount: 0,
      lastError: null,
      completedAt: null,
      metadata: { currentPage: 1 },
    });
    expect(json<TSyncLog>(await client.get(`${BASE}/logs/${syncLogId}`)).id).toBe(syncLogId);

    expect((await client.post(`${BASE}/resume/${syncLogId}`)).statusCode).toBe(409);
    const cancel = await client.post(`${BASE}/cancel/${syncLogId}`);
    expect(json(cancel).message).toBe('The sync operation has been cancelled.');
    expect(json<TSyncLog>(await client.get(`${BASE}/logs/${syncLogId}`)).status).toBe('cancelled');
    expect((await client.post(`${BASE}/cancel/${syncLogId}`)).statusCode).toBe(409);

    const resume = await client.post(`${BASE}/resume/${syncLogId}`);
    expect(json(resume).message).toBe('Sets sync resumed from page 1.');
    expect(json<TSyncLog>(await client.get(`${BASE}/logs/${syncLogId}`)).status).toBe('running');

    // The worker picks it up and runs it from the bundled snapshot.
    await ctx.app.syncWorker.runOnce();
    const done = json<TSyncLog>(await client.get(`${BASE}/logs/${syncLogId}`));
    expect(done).toMatchObject({ status: 'completed', totalRecords: 169, processedRecords: 169, metadata: { source: 'snapshot' } });
    const events = json<TSyncEvent[]>(await client.get(`${BASE}/events/${syncLogId}`));
    expect(events.map((e) => e.eventType)).toEqual(['info', 'warning', 'info', 'info', 'info', 'success']);
    expect(events[0].message).toBe('Sets sync queued by the admin');
  });

  it('answers 404 for an unknown run and 400 for a malformed id', async () => {
    const { client } = await signedInClient(ctx, { role: 'admin' });
    expect((await client.get(`${BASE}/logs/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
    expect((await client.get(`${BASE}/events/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
    expect((await client.post(`${BASE}/cancel/nope`)).statusCode).toBe(400);
  });
});
