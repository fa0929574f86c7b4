/**
 * Binder pages (issue 15 part 5): the 9-pocket pages beside the list, page turns by button and arrow
 * key, cards moved with the keyboard controls (and dragged with a mouse), the order kept after a
 * reload, a cover card chosen and shown on the collection's binder list; axe on each state.
 */
import type { Page } from '@playwright/test';
import type { TBinder, TBinderDetailResponse } from '@contract/binders';
import type { TCheckoutResponse } from '@contract/payments';
import type { TGrading } from '@contract/gradings';
import type { TUserCard } from '@contract/user-cards';
import { generateSyntheticCard } from '../src/card-fixtures/synthetic/generator';
import { csrfHeaders, expect, expectAccessible, registerViaApi, snap, test } from './fixtures';

test.setTimeout(420_000);

/**
 * 10 cards: two pages. Each is graded by the real engine (small photos keep that quick); a phone
 * (one page at a time) turns pages, a wide screen shows both facing.
 */
const CARD_COUNT = 10;

/** A fresh collector with CARD_COUNT graded cards (base1-1 … base1-10: all different names) in one binder. */
async function binderOfGradedCards(page: Page, baseURL: string, seed: number) {
  await registerViaApi(page, baseURL, { firstName: 'Robin' });
  const headers = await csrfHeaders(page.request, baseURL);
  // The welcome credits cover three gradings: buy a pack on the built-in payment provider.
  const checkout = (await (
    await page.request.post('/api/payments/checkout/credits', { headers, data: { package: 'standard' } })
  ).json()) as TCheckoutResponse;
  const paid = await page.request.post(`/api/payments/local/sessions/${checkout.url.split('/').pop()}/pay`, {
    headers,
    data: { cardNumber: '4242 4242 4242 4242' },
  });
  expect(paid.status(), await paid.text()).toBe(200);

  const cards: TUserCard[] = [];
  // One pair of photos for every card: making them is slow, and nothing here needs them to differ.
  // Smaller than a phone's (the card ~880 px long, above the engine's minimum): ten real gradings
  // take a third of the time, and the binder screens show the same.
  const photos = await generateSyntheticCard(seed, { pxPerMm: 10 });
  for (let i = 1; i <= CARD_COUNT; i++) {
    const res = await page.request.post('/api/user-cards', {
      headers,
      multipart: {
        cardId: `base1-${i}`,
        front: { name: 'front.jpg', mimeType: 'image/jpeg', buffer: photos.front },
        back: { name: 'back.jpg', mimeType: 'image/jpeg', buffer: photos.back },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const card = (await res.json()) as TUserCard;
    expect((await page.request.post(`/api/user-cards/${card.id}/grade`, { headers })).status()).toBe(202);
    cards.push(card);
  }
  for (const card of cards) {
    await expect
      .poll(async () => ((await (await page.request.get(`/api/user-cards/${card.id}/gradings`)).json()) as TGrading[])[0]?.status, {
        timeout: 360_000,
      })
      .toBe('completed');
  }
  const binder = (await (await page.request.post('/api/binders', { headers, data: { name: 'Base Set holos' } })).json()) as TBinder;
  // Added in catalogue order; a binder never arranged shows the newest first.
  for (const card of cards)
    expect((await page.request.post(`/api/binders/${binder.id}/cards`, { headers, data: { userCardId: card.id } })).status()).toBe(201);
  return binder;
}

const orderOf = async (page: Page, id: string) =>
  ((await (await page.request.get(`/api/binders/${id}`)).json()) as TBinderDetailResponse).cards.map((c) => c.submission.cardName);

test('binder pages: page turns, keyboard and drag reordering kept after a reload, a cover card', async ({ page }, info) => {
  const baseURL = info.project.use.baseURL!;
  const wide = info.project.name === 'desktop';
  const started = Date.now();
  const binder = await binderOfGradedCards(page, baseURL, wide ? 500 : 600);
  console.log(`seeded ${CARD_COUNT} graded cards in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const initial = await orderOf(page, binder.id);
  expect(initial[0]).toBe('Mewtwo');

  await page.goto(`/account/collection/binder-detail/${binder.id}`);
  // The first page of the run loads its code on a busy machine: a longer wait than the default.
  await expect(page.getByRole('heading', { name: 'Base Set holos' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Pages' }).click();
  await expect(page).toHaveURL(/\?view=pages$/);
  const status = page.getByRole('navigation', { name: 'Binder page turns' });
  const pockets = page.getByTestId('binder-pocket');
  // Nine pockets a page: two facing pages on a wide screen, one on a phone.
  await expect(status).toContainText(wide ? 'Pages 1–2 of 2' : 'Page 1 of 2');
  await expect(pockets).toHaveCount(wide ? 10 : 9);
  await expect(page.getByRole('link', { name: /^Mewtwo, .*Base #10$/ })).toBeVisible();
  await snap(page, 'binder-pages', info.project.name);
  await expectAccessible(page);

  // Page turns: the buttons, then the arrow keys (a wide screen shows both pages: nothing to turn).
  const next = page.getByRole('button', { name: 'Next page' });
  const previous = page.getByRole('button', { name: 'Previous page' });
  await expect(previous).toBeDisabled();
  if (wide) await expect(next).toBeDisabled();
  else {
    await next.click();
    await expect(status).toContainText('Page 2 of 2');
    // Empty sleeves after the last card: page 2 holds one card.
    await expect(pockets).toHaveCount(1);
    await page.keyboard.press('ArrowLeft');
    await expect(status).toContainText('Page 1 of 2');
    await page.keyboard.press('ArrowRight');
    await expect(status).toContainText('Page 2 of 2');
    await page.keyboard.press('ArrowLeft');
    await expect(status).toContainText('Page 1 of 2');
  }

  // Arrange with the keyboard: Mewtwo (pocket 1) one later, with Enter on its button; the focus stays on it.
  await page.getByRole('button', { name: 'Arrange cards' }).click();
  await expect(page.getByRole('button', { name: 'Move Mewtwo earlier' })).toBeDisabled();
  await page.getByRole('button', { name: 'Move Mewtwo later' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Mewtwo moved to page 1, pocket 2.' })).toBeAttached();
  await expect(page.getByRole('button', { name: 'Move Mewtwo later' })).toBeFocused();
  await expect.poll(() => orderOf(page, binder.id)).toEqual([initial[1], 'Mewtwo', ...initial.slice(2)]);
  // Across a page: the ninth card moved later lands on page 2, and the view follows it.
  const ninth = initial[8];
  await page.getByRole('button', { name: `Move ${ninth} later` }).click();
  await expect(page.getByRole('status').filter({ hasText: `${ninth} moved to page 2, pocket 1.` })).toBeAttached();
  if (!wide) await expect(status).toContainText('Page 2 of 2');
  await expect(page.getByRole('button', { name: `Move ${ninth} earlier` })).toBeFocused();
  await page.getByRole('button', { name: `Move ${ninth} earlier` }).click();
  await expect(page.getByRole('status').filter({ hasText: `${ninth} moved to page 1, pocket 9.` })).toBeAttached();

  let expected = [initial[1], 'Mewtwo', ...initial.slice(2)];
  if (wide) {
    // A mouse drags a card into another pocket (@dnd-kit on pointer events, so the pointer moves in steps): the third card onto the first pocket.
    await page.goto(`/account/collection/binder-detail/${binder.id}?view=pages`);
    await page.getByRole('button', { name: 'Arrange cards' }).click();
    const third = expected[2];
    await pockets.nth(2).dragTo(pockets.nth(0), { steps: 10 });
    await expect(page.getByRole('status').filter({ hasText: `${third} moved to page 1, pocket 1.` })).toBeAttached();
    expected = [third, expected[0], expected[1], ...expected.slice(3)];
  }
  await expect.poll(() => orderOf(page, binder.id)).toEqual(expected);

  // The cover: the star of a card; the binder list in the collection shows that card.
  await page.getByRole('button', { name: 'Use Mewtwo as the cover' }).click();
  await expect(page.getByRole('button', { name: 'Mewtwo is the cover' })).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page);
  await snap(page, 'binder-pages-arrange', info.project.name);

  // A reload keeps the view and the order.
  await page.reload();
  await expect(status).toContainText(wide ? 'Pages 1–2 of 2' : 'Page 1 of 2', { timeout: 30_000 });
  const names = await pockets.evaluateAll((els) => els.map((el) => el.querySelector('a')?.getAttribute('aria-label')?.split(',')[0]));
  expect(names).toEqual(expected.slice(0, wide ? 10 : 9));
  await expect(page.getByRole('link', { name: /^Mewtwo, .*cover card, Base #10$/ })).toBeVisible();
  // The list view shows the same order.
  await page.getByRole('button', { name: 'List' }).click();
  await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText(expected[0]);

  const detail = (await (await page.request.get(`/api/binders/${binder.id}`)).json()) as TBinderDetailResponse;
  const dugtrio = detail.cards.find((c) => c.submission.cardName === 'Mewtwo')!;
  expect(detail.binder.coverImageUrl).toBe(dugtrio.userCard.frontImageUrl);
  await page.goto('/account/collection?view=binders');
  await expect(page.locator(`img[src="${dugtrio.userCard.frontImageUrl}"]`)).toBeVisible();
});
