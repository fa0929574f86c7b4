/**
 * The per-object half of deny-by-default: user B walks every route of the API with user A's ids and
 * must learn and change nothing. Routes come from the app's own route table, so a new route with an
 * id in its path fails here until it says how to reach one of A's objects.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TBinder, TBinderDetailResponse } from '@contract/binders';
import type { TGrading } from '@contract/gradings';
import type { TBillingResponse, TCheckoutResponse, TLocalSessionResponse, TOrder } from '@contract/payments';
import type { TUserMessage } from '@contract/notifications';
import type { TUserCard } from '@contract/user-cards';
import { users } from '../db/schema';
import { generateSyntheticCard } from '../../card-fixtures/synthetic/generator';
import { createTestApp, json, signedInClient, type TestClient, type TestContext } from '../test/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT: 'false', DATA_DIR: `.tmp/test-data-${process.pid}` });
}, 60_000);
afterAll(() => ctx.close());

/** Routes whose ids name shared things (the public card catalogue), not anybody's own objects. */
const SHARED = [/^\/api\/catalogue\//];
/**
 * The share pages of public binders (issue 15; share/): the same answer for everyone, owner
 * included, so Alice's PRIVATE binder is a 404 there for her too, and must be one for Bob.
 */
const PUBLISHED_ONLY = [/^\/(api\/)?shared\//];

/** A valid body for each write, so that only ownership (never input validation) can refuse B. */
const BODIES: Record<string, unknown> = {
  'PATCH /api/binders/:id': (ids: Ids) => ({ name: 'Taken over', coverUserCardId: ids.card }),
  'PUT /api/binders/:id/order': (ids: Ids) => ({ userCardIds: [ids.card] }),
  'POST /api/binders/:id/cards': (ids: Ids) => ({ userCardId: ids.card }),
  'PUT /api/binders/:id/cards/:cardId': { personalNotes: 'Taken over', actualPurchasePrice: 1 },
  'PATCH /api/user-cards/:id': { personalNotes: 'Taken over', actualPurchasePrice: 1 },
  'POST /api/user-cards/:id/manual-grading': { corners: 6, edges: 6, surface: 6, frontCentering: 70, backCentering: 70 },
  // Multipart, as the web app sends it: a real photo, so that a refusal can only be about ownership.
  'POST /api/user-cards/:id/photos': () => photoForm('front', validPhoto),
  'POST /api/collection-imports/:id/confirm': { choices: [] },
  'POST /api/payments/local/sessions/:id/pay': { cardNumber: '4242 4242 4242 4242' },
};
let validPhoto: Buffer;
function photoForm(field: string, photo: Buffer) {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `${field}.jpg`);
  return form;
}

type Ids = {
  card: string;
  binder: string;
  entry: string;
  submission: string;
  gradingId: string;
  message: string;
  order: string;
  checkoutSession: string;
  collectionImport: string;
};

/** Puts A's object ids into a route's path; which id a `:param` wants depends on the segment before it. */
function fill(url: string, ids: Ids): string {
  return url.replace(/\/([\w-]+)\/:(\w+)/g, (_m, segment: string, param: string) => {
    const value =
      param === 'gradingId'
        ? ids.gradingId
        : param === 'cardId'
          ? ids.entry
          : param === 'userCardId'
            ? ids.card
            : param === 'submissionId'
              ? ids.submission
              : param === 'name'
                ? url.startsWith('/api/gradings')
                  ? 'frontAnnotated'
                  : 'front'
                : segment === 'binders'
                  ? ids.binder
                  : segment === 'user-cards'
                    ? ids.card
                    : segment === 'user-messages'
                      ? ids.message
                      : segment === 'orders'
                        ? ids.order
                        : segment === 'sessions'
                          ? ids.checkoutSession
                          : segment === 'collection-imports'
                            ? ids.collectionImport
                            : undefined;
    if (!value) throw new Error(`ownership.test.ts: say which of A's ids ${url} takes for :${param}`);
    return `/${segment}/${value}`;
  });
}

async function aliceWithEverything(): Promise<{ client: TestClient; userId: string; ids: Ids }> {
  const alice = await signedInClient(ctx, { credits: 3 });
  const photos = await generateSyntheticCard(51);
  validPhoto = photos.front;
  const form = new FormData();
  form.append('cardId', 'base1-4');
  form.append('front', new Blob([new Uint8Array(photos.front)], { type: 'image/jpeg' }), 'front.jpg');
  form.append('back', new Blob([new Uint8Array(photos.back)], { type: 'image/jpeg' }), 'back.jpg');
  const card = json<TUserCard>(await alice.client.postForm('/api/user-cards', form));
  const grading = json<TGrading>(await alice.client.post(`/api/user-cards/${card.id}/grade`));
  while (await ctx.app.gradingWorker.runOnce()) {
    /* drain the queue: the grading completes and notifies Alice */
  }
  const binder = json<TBinder>(await alice.client.post('/api/binders', { name: 'Private holos' }));
  await alice.client.post(`/api/binders/${binder.id}/cards`, { userCardId: card.id });
  const detail = json<TBinderDetailResponse>(await alice.client.get(`/api/binders/${binder.id}`));
  await alice.client.put(`/api/binders/${binder.id}/cards/${detail.cards[0].id}`, { personalNotes: 'Mine', actualPurchasePrice: 40 });
  const [message] = json<TUserMessage[]>(await alice.client.get('/api/user-messages'));
  // An unpaid credit order on the embedded provider, its hosted checkout session still open.
  const checkout = json<TCheckoutResponse>(await alice.client.post('/api/payments/checkout/credits', { package: 'small' }));
  // A CSV import waiting for confirmation.
  const importForm = new FormData();
  importForm.append('file', new Blob(['Name,Set,Number\nBlastoise,Base,2\n'], { type: 'text/csv' }), 'cards.csv');
  const collectionImport = json<{ id: string }>(await alice.client.postForm('/api/collection-imports', importForm));
  const ids: Ids = {
    card: card.id,
    binder: binder.id,
    entry: detail.cards[0].id,
    submission: detail.cards[0].submissionId,
    gradingId: grading.gradingId,
    message: message.id,
    order: checkout.orderId!,
    checkoutSession: checkout.url.split('/').pop()!,
    collectionImport: collectionImport.id,
  };
  return { client: alice.client, userId: alice.user.id, ids };
}

/** What Alice can see of her own things: it must be the same before and after Bob's walk. */
async function aliceView(client: TestClient, ids: Ids) {
  const card = json<TUserCard>(await client.get(`/api/user-cards/${ids.card}`));
  const binder = json<TBinderDetailResponse>(await client.get(`/api/binders/${ids.binder}`));
  const messages = json<TUserMessage[]>(await client.get('/api/user-messages'));
  const gradings = json<TGrading[]>(await client.get(`/api/user-cards/${ids.card}/gradings`));
  const order = json<TOrder>(await client.get(`/api/payments/orders/${ids.order}`));
  const session = json<TLocalSessionResponse>(await client.get(`/api/payments/local/sessions/${ids.checkoutSession}`));
  const credits = json<TBillingResponse>(await client.get('/api/payments/billing')).credits;
  return { card, binder, messages, gradings, order, session, credits };
}

it("user B reaches none of user A's objects through any route, and A's data is unchanged", async () => {
  const alice = await aliceWithEverything();
  const bob = await signedInClient(ctx, { credits: 3 });
  const before = await aliceView(alice.client, alice.ids);
  expect(before.binder.cards[0]).toMatchObject({ personalNotes: 'Mine', actualPurchasePrice: '40.00' });
  expect(before.gradings[0]).toMatchObject({ status: 'completed' });

  const routes = ctx.app.routeAccess.filter((r) => r.access !== 'admin' && !SHARED.some((re) => re.test(r.url)));
  const withIds = routes.filter((r) => r.url.includes('/:'));
  expect(withIds.length).toBeGreaterThanOrEqual(14);
  const aliceIds = Object.values(alice.ids);
  const walked: string[] = [];

  for (const route of withIds) {
    const key = `${route.method} ${route.url}`;
    const url = fill(route.url, alice.ids);
    // Alice's reads succeed, so a 404 for Bob below means "not yours", not "a broken fixture".
    // Share routes show public binders only, to their owner as to anyone: Alice's private binder is a 404 there.
    const aliceExpects = PUBLISHED_ONLY.some((re) => re.test(route.url)) ? 404 : 200;
    if (route.method === 'GET') expect([key, (await alice.client.get(url)).statusCode]).toEqual([key, aliceExpects]);
    const body = BODIES[key];
    const payload = typeof body === 'function' ? body(alice.ids) : body;
    const res =
      payload instanceof FormData ? await bob.client.postForm(url, payload) : await bob.client.request(route.method as 'GET', url, payload);
    // Someone else's object answers exactly like a missing one.
    expect([key, res.statusCode, res.statusCode === 404 ? '' : res.body]).toEqual([key, 404, '']);
    walked.push(key);
  }

  // Lists and totals without an id in the path: nothing of Alice's may appear in Bob's answers.
  for (const route of routes.filter((r) => r.method === 'GET' && !r.url.includes('/:'))) {
    const res = await bob.client.get(route.url);
    for (const id of aliceIds) expect([route.url, res.body.includes(id)]).toEqual([route.url, false]);
    walked.push(`GET ${route.url}`);
  }

  const after = await aliceView(alice.client, alice.ids);
  expect(after).toEqual(before);
  const [bobNow] = await ctx.database.db.select({ credits: users.credits }).from(users).where(eq(users.id, bob.user.id));
  expect(bobNow.credits).toBe(3);
  expect(walked.length).toBeGreaterThan(20);
}, 90_000);
