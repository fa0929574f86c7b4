import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { generateSyntheticCard } from '../src/card-fixtures/synthetic/generator';
import { expect, expectAccessible, registerViaApi, keepForDocs, snap, test } from './fixtures';

test.setTimeout(90_000);

test('test detection: check a photo before spending a credit, and learn why a bad one is refused', async ({ page }, info) => {
  const dir = path.resolve('.tmp/e2e-photos', `detection-${info.project.name}`);
  fs.mkdirSync(dir, { recursive: true });
  const card = await generateSyntheticCard(info.project.name === 'phone' ? 81 : 83, { conditions: { tiltDeg: 7 } });
  fs.writeFileSync(path.join(dir, 'front.jpg'), card.front);
  fs.writeFileSync(
    path.join(dir, 'table.jpg'),
    await sharp({ create: { width: 1200, height: 1600, channels: 3, background: '#3a5a3a' } })
      .jpeg()
      .toBuffer(),
  );
  await registerViaApi(page, info.project.use.baseURL!, { firstName: 'Sam' });

  await page.goto('/account/test-detection');
  await expect(page.getByRole('heading', { name: 'Test card detection', level: 1 })).toBeVisible();
  await expectAccessible(page);

  // A good photo: outline, straightened card, centering and the checks; no credit spent.
  await page.getByLabel('Card photo').setInputFiles(path.join(dir, 'front.jpg'));
  await expect(page.getByRole('heading', { name: 'Card found: this front photo can be graded' })).toBeVisible({ timeout: 20_000 });
  const outline = page.getByRole('img', { name: /with the card outline the engine found/ });
  const straightened = page.getByRole('img', { name: /straightened to 63 × 88 mm/ });
  await expect(outline).toBeVisible();
  await expect(straightened).toBeVisible();
  for (const img of [outline, straightened])
    expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 100)).toBe(true);
  const centering = page.getByRole('region', { name: 'Centering' });
  const ratios = centering.getByText(/^\d{1,3}\.\d\/\d{1,3}\.\d$/);
  await expect(ratios).toHaveCount(2);
  const [h, v] = (await ratios.allTextContents()).map((t) => Number(t.split('/')[0]));
  expect(Math.abs(h - card.truth.front.horizontal)).toBeLessThan(0.6);
  expect(Math.abs(v - card.truth.front.vertical)).toBeLessThan(0.6);
  await expect(centering.getByRole('columnheader', { name: 'left' })).toBeVisible();
  const checks = page.getByRole('region', { name: 'Photo checks' });
  await expect(checks.getByText(/px per mm/)).toBeVisible();
  await expect(checks.getByText(/washed out/)).toBeVisible();
  await expect(page.getByRole('link', { name: /^STARTER 3 credits, starter plan/ })).toBeVisible();
  await expectAccessible(page);
  await keepForDocs(page, `test-detection-${info.project.name}`, { fullPage: true });
  await snap(page, 'test-detection', info.project.name);

  // A photo with no card: the reason in plain words and how to retake it.
  await page.getByRole('button', { name: 'Remove Card photo' }).click();
  await page.getByLabel('Card photo').setInputFiles(path.join(dir, 'table.jpg'));
  await expect(page.getByRole('heading', { name: 'We could not find a card in this photo' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'How to retake it' })).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'test-detection-refused', info.project.name);

  await page.getByRole('link', { name: 'More photo tips' }).click();
  await expect(page).toHaveURL('/account/first-grade');
});
