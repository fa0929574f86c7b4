import fs from 'node:fs';
import path from 'node:path';
import { generateSyntheticCard } from '../src/card-fixtures/synthetic/generator';
import { expect, expectAccessible, registerViaApi, snap, test } from './fixtures';

test.setTimeout(150_000);

test('the collector journey: add a card, grade it, follow it, keep it in a binder', { tag: '@postgres' }, async ({ page }, info) => {
  const dir = path.resolve('.tmp/e2e-photos', info.project.name);
  fs.mkdirSync(dir, { recursive: true });
  const card = await generateSyntheticCard(info.project.name === 'phone' ? 61 : 63, { defectRate: 0.5 });
  fs.writeFileSync(path.join(dir, 'front.jpg'), card.front);
  fs.writeFileSync(path.join(dir, 'back.jpg'), card.back);
  await registerViaApi(page, info.project.use.baseURL!, { firstName: 'Jo' });

  // Add: find it in the catalogue despite a typo, attach photos.
  await page.goto('/account/card/add-card');
  await page.getByLabel('Search by name, set or number').fill('charzard base');
  await page
    .getByRole('listbox', { name: 'Catalogue results' })
    .getByRole('option', { name: /Charizard/ })
    .first()
    .click();
  await page.getByLabel('Front', { exact: true }).setInputFiles(path.join(dir, 'front.jpg'));
  await page.getByLabel('Back', { exact: true }).setInputFiles(path.join(dir, 'back.jpg'));
  await expect(page.getByRole('img', { name: 'Front preview' })).toBeVisible();
  await snap(page, 'add-card', info.project.name);
  await page.getByRole('button', { name: 'Add card and continue' }).click();

  // Grade: one credit of the three a new account gets.
  await expect(page.getByText('Cost: 1 credit')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Start grading' }).click();

  // Progress, then the result.
  await expect(page).toHaveURL(/\/account\/card\/grading-progress\//);
  await expect(page.getByRole('progressbar', { name: 'Grading progress' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Grading complete' })).toBeVisible({ timeout: 60_000 });
  await snap(page, 'grading-complete', info.project.name);
  await expect(page.getByRole('link', { name: /^STARTER 2 credits, starter plan/ })).toBeVisible();
  await page.getByRole('link', { name: 'See the full report' }).click();

  // Profile: grades, values, evidence, reasoning.
  await expect(page.getByRole('heading', { name: 'Charizard', level: 1 })).toBeVisible();
  await expect(page.getByLabel(/^PSA \d+$/)).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Centering: / })).toBeVisible();
  await page.getByRole('button', { name: 'Open Annotated front full size' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await expectAccessible(page);
  await snap(page, 'card-profile', info.project.name);
  const profileUrl = page.url();

  // A binder for it.
  await page.goto('/account/collection');
  await page.getByRole('tab', { name: /^Binders/ }).click();
  await page.getByLabel('New binder name').fill('Best pulls');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('link', { name: 'Best pulls' })).toBeVisible();
  await snap(page, 'collection', info.project.name);
  await page.goto(profileUrl);
  await page.getByLabel('Binder', { exact: true }).selectOption({ label: 'Best pulls' });
  await page.getByRole('button', { name: 'Add to binder' }).click();
  await expect(page.getByText('Added to binder')).toBeVisible();

  await page.goto('/account/collection?view=binders');
  await page.getByRole('link', { name: 'Best pulls' }).click();
  await expect(page.getByRole('heading', { name: 'Best pulls' })).toBeVisible();
  await expect(page.getByText('No description')).toBeVisible();
  await expect(page.getByText('Total Cards')).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Details' })).toHaveAttribute('href', /\/account\/collection\/card-profile\//);

  // Edit notes and price.
  await page.getByRole('button', { name: 'Edit Charizard' }).click();
  await page.getByLabel('Personal notes').fill('Pulled at the league night');
  await page.getByLabel('Purchase price').fill('12.50');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Card details updated successfully')).toBeVisible();
  await expect(page.getByText('Pulled at the league night')).toBeVisible();
  await expect(page.getByText('Paid $12.50')).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'binder-detail', info.project.name);

  // Remove, after confirming.
  page.once('dialog', (d) => {
    expect(d.message()).toBe('Are you sure you want to remove this card from the binder?');
    void d.accept();
  });
  await page.getByRole('button', { name: 'Remove Charizard from binder' }).click();
  await expect(page.getByText('No cards in this binder yet')).toBeVisible();
  await expect(page.getByText('Grade some cards and add them to this binder to get started')).toBeVisible();

  await page.goto('/account/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome, Jo' })).toBeVisible();
  await expect(page.getByText('Complete', { exact: true })).toBeVisible();
  await snap(page, 'dashboard', info.project.name);
});

test('a binder that fails to load shows the error screen with a way back', { tag: '@desktop-only' }, async ({ page }, info) => {
  await registerViaApi(page, info.project.use.baseURL!);
  await page.goto('/binder/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Error Loading Binder' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('link', { name: 'Back to Collection' })).toHaveAttribute('href', '/account/collection');
});

test('manual grading recomputes the platform grades, and the first-grade guide leads to adding a card', async ({ page }, info) => {
  await registerViaApi(page, info.project.use.baseURL!);
  await page.goto('/account/manual-grading');
  await expect(page.getByLabel('PSA 10')).toBeVisible();
  await page.getByLabel('Corners').selectOption('7');
  await expect(page.getByLabel('PSA 7')).toBeVisible();
  await page.getByLabel('Front centering').fill('62');
  await expect(page.getByText('NM 7')).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'manual-grading', info.project.name);

  await page.goto('/account/first-grade');
  await expect(page.getByRole('heading', { name: 'Your first grade' })).toBeVisible();
  await page.getByRole('link', { name: 'Photograph my card' }).click();
  await expect(page).toHaveURL('/account/card/add-card');
});
