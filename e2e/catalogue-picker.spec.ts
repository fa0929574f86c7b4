/**
 * Issue 15, parts 4 and 6 (set completion): the catalogue picker ranks "Charizard" with the Base Set
 * card first and shows each printing with set, year, number and a thumbnail served by our own
 * server (issue 24: the browser never calls the catalogue's image host; offline, the server answers its
 * placeholder picture), pages and filters by set; the collection page
 * shows how far the collector is through each set.
 */
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { csrfHeaders, expect, expectAccessible, registerViaApi, keepForDocs, snap, test } from './fixtures';

test.setTimeout(180_000);

/** Every request the page makes that leaves our origin: there must be none. */
const thirdPartyRequests = (page: Page, origin: string) => {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(origin) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) seen.push(r.url());
  });
  return seen;
};

/** The viewport from the top, kept in docs/screenshots. */
const keep = (page: Page, name: string) => keepForDocs(page, name);

test('picker: Charizard from Base Set first, with year, number and a thumbnail from our server; more pages; a set filter; keyboard pick', async ({
  page,
}, info) => {
  const baseURL = info.project.use.baseURL!;
  const thirdParty = thirdPartyRequests(page, new URL(baseURL).origin);
  await registerViaApi(page, baseURL);
  await page.goto('/account/card/add-card');
  const box = page.getByRole('combobox', { name: 'Search by name, set or number' });
  await box.fill('Charizard');
  const results = page.getByRole('listbox', { name: 'Catalogue results' });
  const options = results.getByRole('option');
  await expect(options).toHaveCount(20, { timeout: 20_000 });
  await expect(options.first()).toContainText('Charizard');
  await expect(options.first()).toContainText('Base · 1999 · #4/102');
  await expect(options.nth(1)).toContainText('Base Set 2 · 2000 · #4/130');
  const thumb = options.first().locator('img[data-thumbnail="image"]');
  await expect(thumb).toHaveAttribute('src', '/api/catalogue/cards/base1-4/image/small');
  // Loaded: the picture, or offline the server's placeholder picture.
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 20_000 }).toBe(true);
  expect(thirdParty).toEqual([]);
  await expect(page.getByText('101 printings, showing 20')).toBeVisible();
  await expectAccessible(page);
  await keep(page, `picker-results-${info.project.name}`);

  await page.getByRole('button', { name: 'Show 20 more' }).click();
  await expect(options).toHaveCount(40);
  await expect(page.getByText('101 printings, showing 40')).toBeVisible();

  // One set: its Charizard only; then the whole set in number order without a query.
  await page.getByLabel('Set', { exact: true }).selectOption({ label: 'Base Set 2 (2000)' });
  await expect(options).toHaveCount(1);
  await expect(options.first()).toContainText('Base Set 2 · 2000 · #4/130');
  await box.fill('');
  await expect(page.getByText('130 printings, showing 20')).toBeVisible();
  await expect(options.first()).toContainText('#1/130');

  // Keyboard: down twice, Enter picks the second card of the set, and the form is not submitted.
  await box.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  const second = (await options.nth(1).locator('span.font-medium').textContent())!;
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Change' })).toBeVisible();
  await expect(page.getByText(second, { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: new RegExp(`^${second}, Base Set 2 #2$`) })).toBeVisible();
  await expect(page).toHaveURL(/\/account\/card\/add-card$/);
  await expectAccessible(page);
  await keep(page, `picker-picked-${info.project.name}`);
  await snap(page, 'picker-picked', info.project.name);
});

test('collection page: set completion, most complete first, with accessible progress bars', async ({ page }, info) => {
  const baseURL = info.project.use.baseURL!;
  await registerViaApi(page, baseURL);
  const photo = await sharp({ create: { width: 630, height: 880, channels: 3, background: '#8899aa' } })
    .jpeg()
    .toBuffer();
  const headers = await csrfHeaders(page.request, baseURL);
  // Southern Islands 3 of 18, Base 2 of 102 (Charizard twice counts once), Base Set 2 1 of 130.
  for (const cardId of ['si1-1', 'si1-2', 'si1-3', 'base1-4', 'base1-4', 'base1-2', 'base4-4']) {
    const res = await page.request.post('/api/user-cards', {
      headers,
      multipart: {
        cardId,
        front: { name: 'f.jpg', mimeType: 'image/jpeg', buffer: photo },
        back: { name: 'b.jpg', mimeType: 'image/jpeg', buffer: photo },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await page.goto('/account/collection');
  const section = page.getByRole('region', { name: 'Set completion' });
  const bars = section.getByRole('progressbar');
  await expect(section).toBeVisible({ timeout: 30_000 }); // the page's first load, on a busy machine
  await expect(bars).toHaveCount(3);
  await expect(bars.nth(0)).toHaveAccessibleName('Southern Islands: 3 of 18 cards');
  await expect(bars.nth(0)).toHaveAttribute('aria-valuetext', '3 of 18 (16%)');
  await expect(bars.nth(1)).toHaveAccessibleName('Base: 2 of 102 cards');
  await expect(bars.nth(2)).toHaveAccessibleName('Base Set 2: 1 of 130 cards');
  await expect(bars.nth(2)).toHaveAttribute('aria-valuetext', '1 of 130 (<1%)'); // one card is a start, never 0 %
  await expect(section).toContainText('3 / 18');
  await expectAccessible(page);
  await keepForDocs(section, `collection-sets-${info.project.name}`);
  await snap(page, 'collection-sets', info.project.name);
});
