/**
 * Issue 15, public share page: an owner makes a binder public and copies its link; a signed-out
 * visitor opens it, sees the cards without notes or prices, and opens a card's public view. A
 * private binder's link says "not found or not shared". Desktop and phone, axe on every page.
 */
import type { Browser, Page, TestInfo } from '@playwright/test';
import type { TBinder, TBinderDetailResponse } from '@contract/binders';
import { generateSyntheticCard } from '../src/card-fixtures/synthetic/generator';
import { addCardViaApi, csrfHeaders, expect, expectAccessible, gradeViaApi, registerViaApi, snap, test, uniqueName } from './fixtures';

// Grading a photo on a busy 2-core machine, then two browsers and axe on four pages.
test.setTimeout(300_000);

const NOTE = 'Bought at the Sunday fair from Dave';
const PRICE = '4321.09';

/** A graded Charizard in a private binder, with a note and a purchase price on its entry. */
async function ownerWithGradedBinder(page: Page, info: TestInfo, binderName: string) {
  const baseURL = info.project.use.baseURL!;
  await registerViaApi(page, baseURL);
  const photos = await generateSyntheticCard(info.project.name === 'phone' ? 71 : 73, { defectRate: 0.5 });
  const card = await addCardViaApi(page, baseURL, photos);
  expect((await gradeViaApi(page, baseURL, card.id)).status).toBe('completed');
  const headers = await csrfHeaders(page.request, baseURL);
  const binder = (await (
    await page.request.post('/api/binders', { headers, data: { name: binderName, description: 'Holos from the 1999 base set' } })
  ).json()) as TBinder;
  expect((await page.request.post(`/api/binders/${binder.id}/cards`, { headers, data: { userCardId: card.id } })).status()).toBe(201);
  const detail = (await (await page.request.get(`/api/binders/${binder.id}`)).json()) as TBinderDetailResponse;
  const entry = detail.cards[0];
  const edited = await page.request.put(`/api/binders/${binder.id}/cards/${entry.id}`, {
    headers,
    data: { personalNotes: NOTE, actualPurchasePrice: Number(PRICE) },
  });
  expect(edited.status()).toBe(200);
  return { card, binder };
}

/** A fresh, signed-out browser context shaped like the project's device. */
async function signedOutPage(browser: Browser, info: TestInfo) {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL } = info.project.use;
  const context = await browser.newContext({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL });
  return { context, page: await context.newPage() };
}

test('an owner shares a public binder by link; a signed-out visitor reads it and a card, without notes or prices', async ({
  page,
  browser,
  context,
}, info) => {
  const name = `Base set holos ${uniqueName('b')}`;
  const { card, binder } = await ownerWithGradedBinder(page, info, name);

  // Private: no link to copy, a sentence on how to share instead.
  await page.goto(`/binder/${binder.id}`);
  await expect(page.getByRole('heading', { name })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Only you can see this binder.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy link' })).toHaveCount(0);

  // The owner makes it public where binders are managed.
  await page.getByRole('link', { name: 'Collection › Binders' }).click();
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name }) });
  await row.getByRole('button', { name: 'Private' }).click();
  await expect(row.getByRole('button', { name: 'Public' })).toHaveAttribute('aria-pressed', 'true');

  // Copy link on the binder screen: the clipboard holds the share URL, and the status says so.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/binder/${binder.id}`);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(`${info.project.use.baseURL}/shared/binders/${binder.id}`);
  await expectAccessible(page);
  await snap(page, 'share-owner-binder', info.project.name);

  // The link's HTML carries the preview tags crawlers read.
  const html = await (await page.request.get(link)).text();
  expect(html).toContain(`<meta property="og:title" content="${name}" />`);
  expect(html).toMatch(/<meta property="og:description" content="1 graded card worth \$[\d,]+\.\d\d in total, shared by /);

  // A signed-out visitor: the binder, its card and photo, and nothing private nor any owner action.
  const guest = await signedOutPage(browser, info);
  await guest.page.goto(link);
  await expect(guest.page.getByRole('heading', { name })).toBeVisible({ timeout: 15_000 });
  await expect(guest.page).toHaveURL(link);
  await expect(guest.page.getByRole('heading', { name: 'Charizard' })).toBeVisible();
  const photo = guest.page.getByRole('img', { name: 'Charizard, front' });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const text = await guest.page.locator('main').innerText();
  expect(text).not.toContain(NOTE);
  expect(text).not.toContain('4,321.09');
  expect(text).not.toContain('Paid');
  for (const action of [/^Edit/, /^Remove/, /Copy link/]) await expect(guest.page.getByRole('button', { name: action })).toHaveCount(0);
  await expect(guest.page.getByRole('link', { name: 'Sign Up' }).first()).toBeVisible();
  await expectAccessible(guest.page);
  await snap(guest.page, 'share-binder', info.project.name);

  // View Details: the card's public view, not the owner's profile (which would ask for a login).
  await guest.page.getByRole('link', { name: 'View Details of Charizard' }).click();
  await expect(guest.page).toHaveURL(`${link}/cards/${card.id}`);
  await expect(guest.page.getByRole('heading', { name: /Charizard/ })).toBeVisible();
  await expect(guest.page.getByText('Centering')).toBeVisible();
  await expect(guest.page.getByText('Recommended')).toBeVisible();
  await expect(guest.page.getByRole('img', { name: 'Charizard, back' })).toBeVisible();
  expect(await guest.page.locator('main').innerText()).not.toContain(NOTE);
  await expectAccessible(guest.page);
  await snap(guest.page, 'share-card', info.project.name);
  await guest.page.getByRole('link', { name }).click();
  await expect(guest.page).toHaveURL(link);

  // Made private again: the same link now says it is not shared, and the photo is gone too.
  const headers = await csrfHeaders(page.request, info.project.use.baseURL!);
  expect((await page.request.patch(`/api/binders/${binder.id}`, { headers, data: { isPublic: false } })).status()).toBe(200);
  await guest.page.goto(link);
  await expect(guest.page.getByRole('heading', { name: 'Binder not found or not shared' })).toBeVisible({ timeout: 15_000 });
  expect((await guest.page.request.get(`/api/shared/binders/${binder.id}/cards/${card.id}/images/front`)).status()).toBe(404);
  await expectAccessible(guest.page);
  await snap(guest.page, 'share-not-shared', info.project.name);
  await guest.context.close();
});
