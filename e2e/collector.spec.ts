/**
 * What a new collector ran into (issue 8, items 14–18): one platform's grade beside its own value,
 * with the value's basis; a phone page that never scrolls sideways, with the plan chip whole; photos
 * replaced after a refusal; a card deleted from its profile; no credits said before any upload.
 */
import type { Page } from '@playwright/test';
import type { TBinder } from '@contract/binders';
import type { TUserCard } from '@contract/user-cards';
import { generateSyntheticCard } from '../src/card-fixtures/synthetic/generator';
import { addCardViaApi, csrfHeaders, expect, expectAccessible, gradeViaApi, registerViaApi, snap, test } from './fixtures';

test.setTimeout(150_000);

const LONG_BINDER_NAME = 'Vintage holographic rares from Base Set, Jungle, Fossil and Team Rocket, first and unlimited prints.';

/** Nothing wider than the screen: the page never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

test('grade and value of one platform with their basis, and a phone page that fits a 100-character binder name', async ({ page }, info) => {
  const baseURL = info.project.use.baseURL!;
  await registerViaApi(page, baseURL, { firstName: 'Sam' });
  const photos = await generateSyntheticCard(info.project.name === 'phone' ? 71 : 73, { defectRate: 0.5 });
  const card = await addCardViaApi(page, baseURL, photos);
  const grading = await gradeViaApi(page, baseURL, card.id);
  expect(grading.status).toBe('completed');
  expect(LONG_BINDER_NAME).toHaveLength(100);
  const headers = await csrfHeaders(page.request, baseURL);
  const binder = (await (await page.request.post('/api/binders', { headers, data: { name: LONG_BINDER_NAME } })).json()) as TBinder;
  expect((await page.request.post(`/api/binders/${binder.id}/cards`, { headers, data: { userCardId: card.id } })).status()).toBe(201);

  // The platform shown and its own value, as the API has them.
  const listed = (await (await page.request.get(`/api/user-cards/${card.id}`)).json()) as TUserCard;
  const g = listed.latestGrading!;
  const platform = g.recommendedPlatform === 'BGS' || g.recommendedPlatform === 'CGC' ? g.recommendedPlatform : 'PSA';
  const grade = { PSA: g.psaGrade, BGS: g.bgsGrade, CGC: g.cgcGrade }[platform]!;
  const gradeText = `${platform} ${Number.isInteger(grade) ? grade : grade.toFixed(1)}`;
  const value = { PSA: grading.psaEstimatedValue, BGS: grading.bgsEstimatedValue, CGC: grading.cgcEstimatedValue }[platform]!;
  const valueText = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Number(value));
  expect(g.estimatedValue).toBe(value);

  // Card profile: every platform's value under its own grade, and where the values come from.
  await page.goto(`/account/collection/card-profile/${card.id}`);
  await expect(page.getByText('Where the values come from')).toBeVisible();
  await expect(page.getByText(/TCGplayer market price of \$352\.72 on 2024-08-02 \(holofoil print, ungraded\)/)).toBeVisible();
  await expect(page.getByText(`${gradeText} value`)).toBeVisible();
  await expect(page.getByLabel('Binder', { exact: true }).locator('option', { hasText: LONG_BINDER_NAME })).toHaveCount(1);
  await expectNoSidewaysScroll(page);
  const chip = page.getByRole('link', { name: /^STARTER 2 credits, starter plan/ });
  await expect(chip).toBeInViewport({ ratio: 1 });
  await expectAccessible(page);
  await snap(page, 'collector-card-profile', info.project.name);

  // Dashboard: the recent grading pairs the displayed platform's grade with that platform's value.
  await page.goto('/account/dashboard');
  const recent = page.getByRole('listitem').filter({ hasText: 'Charizard' });
  await expect(recent).toContainText(gradeText);
  await expect(recent).toContainText(valueText);
  await expect(recent).toContainText('TCGplayer market, 2024-08-02, holofoil');
  await expect(page.getByText('Starter plan · 2 credits')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await snap(page, 'collector-dashboard', info.project.name);

  // Collection tile: the same pair and basis.
  await page.goto('/account/collection');
  const tile = page.getByRole('list', { name: 'Your cards' }).getByRole('listitem').first();
  await expect(tile).toContainText(gradeText);
  await expect(tile).toContainText(valueText);
  await expect(tile).toContainText('TCGplayer market, 2024-08-02, holofoil');
  await expectNoSidewaysScroll(page);
  await snap(page, 'collector-collection', info.project.name);

  // Binders: name and description edited in a dialog, checked by the contract's schema.
  await page.getByRole('tab', { name: /^Binders/ }).click();
  await page.getByRole('button', { name: `Edit ${LONG_BINDER_NAME}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit binder' });
  await dialog.getByLabel('Name').fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Give the binder a name')).toBeVisible();
  await dialog.getByLabel('Name').fill('Vintage holos');
  await dialog.getByLabel('Description (optional)').fill('Base Set to Team Rocket, all graded');
  await expectAccessible(page);
  await snap(page, 'collector-binder-dialog', info.project.name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Base Set to Team Rocket, all graded')).toBeVisible();
  await expectNoSidewaysScroll(page);

  await page.getByRole('link', { name: 'Vintage holos' }).click();
  await expect(page.getByRole('heading', { name: 'Vintage holos' })).toBeVisible();
  await expect(page.getByText('Base Set to Team Rocket, all graded')).toBeVisible();
  const entry = page.getByRole('listitem').filter({ hasText: 'Charizard' });
  await expect(entry).toContainText(gradeText);
  await expect(entry).toContainText(valueText);
  await expect(entry).toContainText('TCGplayer market, 2024-08-02, holofoil');
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await snap(page, 'collector-binder-detail', info.project.name);
});

test('a refused grading: replace the photos, grade again, then delete the card from its profile', async ({ page }, info) => {
  const baseURL = info.project.use.baseURL!;
  await registerViaApi(page, baseURL);
  // Plain green "photos": no card in them, so the engine refuses and gives the credit back.
  const blank = await (
    await import('sharp')
  )
    .default({ create: { width: 900, height: 1200, channels: 3, background: '#3a5a3a' } })
    .jpeg()
    .toBuffer();
  const card = await addCardViaApi(page, baseURL, { front: blank, back: blank });
  expect((await gradeViaApi(page, baseURL, card.id)).status).toBe('failed');

  await page.goto(`/account/card/grading-progress/${card.id}`);
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page.getByText('The last grading of this card did not finish')).toBeVisible();
  await page.getByRole('button', { name: 'Replace photos' }).click();
  const photos = await generateSyntheticCard(info.project.name === 'phone' ? 75 : 77, { defectRate: 0.3 });
  const form = page.getByRole('form', { name: 'Replace photos' });
  await form.getByLabel('Front', { exact: true }).setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: photos.front });
  await form.getByLabel('Back', { exact: true }).setInputFiles({ name: 'back.jpg', mimeType: 'image/jpeg', buffer: photos.back });
  await form.getByLabel('Add detail photos').setInputFiles({ name: 'detail.jpg', mimeType: 'image/jpeg', buffer: photos.front });
  await expect(form.getByRole('img', { name: 'Detail 1' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await snap(page, 'collector-replace-photos', info.project.name);
  await form.getByRole('button', { name: 'Save new photos' }).click();
  // Three photos cleaned and stored on a busy test machine: give it time.
  await expect(page.getByText('The next grading uses the new photos.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('img', { name: 'Charizard front' })).toHaveAttribute('src', /\/images\/front\?v=/);

  await page.getByRole('button', { name: 'Start grading' }).click();
  await expect(page.getByRole('heading', { name: 'Grading complete' })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('link', { name: 'See the full report' }).click();

  await page.getByRole('button', { name: 'Delete card' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Charizard?' });
  await expect(confirm).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'collector-delete-card', info.project.name);
  await confirm.getByRole('button', { name: 'Delete card' }).click();
  await expect(page).toHaveURL(/\/account\/collection$/);
  await expect(page.getByText('Charizard was removed from your collection.')).toBeVisible();
  expect((await page.request.get(`/api/user-cards/${card.id}`)).status()).toBe(404);
});

test('with no credits left, the collector learns it before uploading, and Start grading says why it is off', async ({ page }, info) => {
  const baseURL = info.project.use.baseURL!;
  await registerViaApi(page, baseURL);
  const photos = await generateSyntheticCard(79);
  const card = await addCardViaApi(page, baseURL, photos);
  // The balance as the server would tell it after three gradings (the server's own 402 is tested in the API tests).
  await page.route('**/api/auth/user', async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, json: { ...(await res.json()), credits: 0 } });
  });

  await page.goto('/account/card/add-card');
  await expect(page.getByText('You have no grading credits left')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Buy credits' }).first()).toHaveAttribute('href', /^\/account\/checkout\/credits/);
  await expect(page.getByRole('button', { name: 'Add card to my collection' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^STARTER 0 credits, starter plan/ })).toBeInViewport({ ratio: 1 });
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await snap(page, 'collector-add-card-no-credits', info.project.name);

  await page.goto(`/account/card/grade-card/${card.id}`);
  const start = page.getByRole('button', { name: 'Start grading' });
  await expect(start).toBeDisabled();
  await expect(start).toHaveAccessibleDescription(/You have no grading credits left/);
  await expect(page.getByText('You have 0 credits.')).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'collector-grade-card-no-credits', info.project.name);
});
