/**
 * Issue 15, part 3 and the raw value: a collector adds Base Set Charizard as a 1st Edition Holo, two
 * copies; the profile prices one ungraded copy from the Unlimited price × 8 (the bundled snapshot lists
 * no 1st Edition price for it) and says so; a change of printing to Unlimited re-values it at the
 * listed price; the collection tile shows the printing and ×2. No grading: an ungraded card is enough.
 */
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, expectAccessible, registerViaApi, keepForDocs, snap, test } from './fixtures';

test.setTimeout(120_000);

/** Nothing reaches the catalogue's image host (offline machine): thumbnails fall back to placeholders. */
const blockImageHost = (page: Page) => page.route('https://images.pokemontcg.io/**', (route) => route.abort('internetdisconnected'));

/** The whole page from the top, kept in docs/screenshots. */
const keep = (page: Page, name: string) => keepForDocs(page, name, { fullPage: true });

test('printing and copies: 1st Edition Holo ×2 is worth Unlimited × 8; changed to Unlimited it is worth the listed price', async ({
  page,
}, info) => {
  const baseURL = info.project.use.baseURL!;
  await blockImageHost(page);
  await registerViaApi(page, baseURL);
  const photo = await sharp({ create: { width: 630, height: 880, channels: 3, background: '#8899aa' } })
    .jpeg()
    .toBuffer();

  // Add: the catalogue card, then its printing and copies, then two photos.
  await page.goto('/account/card/add-card');
  await page.getByRole('combobox', { name: 'Search by name, set or number' }).fill('Charizard');
  const first = page.getByRole('listbox', { name: 'Catalogue results' }).getByRole('option').first();
  await expect(first).toContainText('Base · 1999 · #4/102', { timeout: 20_000 });
  await first.click();
  await expect(page.getByRole('button', { name: 'Change' })).toBeVisible();
  const edition = page.getByLabel('Edition', { exact: true });
  // Base Set offers all three editions (the catalogue's printings route answers after the pick).
  await expect(edition.locator('option', { hasText: 'Shadowless' })).toHaveCount(1);
  await edition.selectOption({ label: '1st Edition' });
  await page.getByLabel('Finish', { exact: true }).selectOption({ label: 'Holo' });
  await page.getByLabel('Copies', { exact: true }).fill('2');
  await page.getByLabel('Front', { exact: true }).setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: photo });
  await page.getByLabel('Back', { exact: true }).setInputFiles({ name: 'back.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expectAccessible(page);
  await keep(page, `variants-add-${info.project.name}`);
  await snap(page, 'variants-add', info.project.name);
  await page.getByRole('button', { name: /^Add card/ }).click();
  await expect(page).toHaveURL(/\/account\/card\/grade-card\/[^/]+$/, { timeout: 30_000 });
  const id = new URL(page.url()).pathname.split('/').at(-1)!;

  // Profile: the raw value of one ungraded 1st Edition Holo, estimated from the unlimited price × 8.
  await page.goto(`/account/collection/card-profile/${id}`);
  const raw = page.getByTestId('raw-value');
  await expect(raw).toHaveText('$2,821.76', { timeout: 20_000 });
  await expect(page.getByText('1st Edition Holo, ungraded')).toBeVisible();
  await expect(page.getByText('×2 copies = $5,643.52')).toBeVisible();
  await expect(
    page.getByText(
      /^1st Edition Holo estimated from unlimited holofoil × 8: the TCGplayer market price of \$352\.72 on 2024-08-02 \(TCGplayer does not price this printing on its own\)\.$/,
    ),
  ).toBeVisible();
  await expectAccessible(page);
  await keep(page, `variants-profile-${info.project.name}`);
  await snap(page, 'variants-profile', info.project.name);

  // Edit the printing: Unlimited, the listed price itself.
  const printingCard = page.locator('form').filter({ has: page.getByRole('button', { name: 'Save printing' }) });
  await expect(printingCard.getByLabel('Edition', { exact: true })).toHaveValue('first_edition');
  await expect(printingCard.getByLabel('Copies', { exact: true })).toHaveValue('2');
  await printingCard.getByLabel('Edition', { exact: true }).selectOption({ label: 'Unlimited' });
  await printingCard.getByRole('button', { name: 'Save printing' }).click();
  await expect(page.getByText('Printing and copies updated; values follow the printing.')).toBeVisible();
  await expect(raw).toHaveText('$352.72');
  await expect(page.getByText('Unlimited Holo, ungraded')).toBeVisible();
  await expect(page.getByText(/^The TCGplayer market price of \$352\.72 on 2024-08-02 for the holofoil print, ungraded\.$/)).toBeVisible();
  await expect(page.getByText('×2 copies = $705.44')).toBeVisible();
  await expectAccessible(page);

  // Collection: the tile carries the printing and the copies.
  await page.goto('/account/collection');
  const tile = page.getByRole('list', { name: 'Your cards' }).getByRole('listitem').filter({ hasText: 'Charizard' });
  await expect(tile).toHaveCount(1, { timeout: 30_000 });
  await expect(tile).toContainText('Unlimited Holo');
  await expect(tile).toContainText('×2 copies');
  await expectAccessible(page);
  await snap(page, 'variants-collection', info.project.name);
});
