import type { Page } from '@playwright/test';
import { generateSyntheticCard } from '../src/card-fixtures/synthetic/generator';
import { addCardViaApi, expect, expectAccessible, gradeViaApi, registerViaApi, keepForDocs, snap, test } from './fixtures';

test.setTimeout(150_000);

/** A Charizard with photos, graded by the engine through the API (the journey test covers the screens). */
async function gradedCard(page: Page, baseURL: string, seed: number) {
  const card = await addCardViaApi(page, baseURL, await generateSyntheticCard(seed, { defectRate: 0.5 }));
  const { gradingId, status } = await gradeViaApi(page, baseURL, card.id);
  expect(status).toBe('completed');
  return { cardId: card.id, gradingId };
}

test('manual grading: adjust a graded card, save it for free, see it on the card profile', async ({ page }, info) => {
  const baseURL = info.project.use.baseURL!;
  await registerViaApi(page, baseURL, { firstName: 'Sam' });
  const { cardId, gradingId } = await gradedCard(page, baseURL, info.project.name === 'phone' ? 71 : 73);

  // From the card profile to the manual grading of that card, prefilled from the engine's grading.
  await page.goto(`/account/collection/card-profile/${cardId}`);
  await expect(page.getByRole('heading', { name: 'Charizard', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Adjust grades' }).click();
  await expect(page).toHaveURL(`/account/manual-grading/${cardId}`);
  await expect(page.getByText(`Filled in from the grading of your photos, ${gradingId}`)).toBeVisible();
  await expect(page.getByText('Free: manual grading uses no credits.', { exact: false })).toBeVisible();

  // Adjust: a worn corner and a measured centering.
  await page.getByLabel('Corners').selectOption('7');
  await page.getByLabel('Edges').selectOption('9');
  await page.getByLabel('Surface').selectOption('9.5');
  await page.getByLabel('Front centering').fill('55');
  await page.getByLabel('Back centering').fill('60');
  await expect(page.getByLabel('PSA 7')).toBeVisible();
  await expect(page.getByText('NM 7')).toBeVisible();
  await expectAccessible(page);
  await keepForDocs(page, `manual-grading-${info.project.name}`, { fullPage: true });

  // Save: the profile now shows the manual grading, and no credit was spent (3 at sign-up, 1 for the engine).
  await page.getByRole('button', { name: 'Save manual grading' }).click();
  await expect(page).toHaveURL(`/account/collection/card-profile/${cardId}`);
  await expect(page.getByText('Manual grading', { exact: true })).toBeVisible();
  await expect(page.getByLabel('PSA 7')).toBeVisible();
  await expect(page.getByText('Not measured: entered by you')).toBeVisible();
  await expect(page.getByText('Binders show grades measured from photos', { exact: false })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your manual grading' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Corners: 7/ })).toContainText('entered by you');
  await expect(page.getByText(`You started from grading ${gradingId}.`, { exact: false })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Evidence' })).toHaveCount(0);
  const me = (await (await page.request.get('/api/auth/user')).json()) as { credits: number };
  expect(me.credits).toBe(2);
  await expectAccessible(page);
  await expect(page.getByText('Manual grading saved')).toHaveCount(0, { timeout: 10_000 });
  await keepForDocs(page, `manual-grading-profile-${info.project.name}`, { fullPage: true });

  // New-card mode: pick the card; the form starts from what was just saved.
  await page.goto('/account/manual-grading');
  await expect(page.getByRole('button', { name: 'Save manual grading' })).toBeDisabled();
  await page.getByLabel('Card', { exact: true }).selectOption({ index: 1 });
  await expect(page.getByText('Filled in from your manual grading,', { exact: false })).toBeVisible();
  await expect(page.getByLabel('Corners')).toHaveValue('7');
  await expect(page.getByRole('button', { name: 'Save manual grading' })).toBeEnabled();
  await expectAccessible(page);
  await snap(page, 'manual-grading-new-card', info.project.name);
});
