/**
 * A HEIC photo (an iPhone's own format) added from a desktop browser that cannot show it: the slot names
 * the file instead of a broken picture, and the server reads it (engine/heic.ts) so the card is added.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, expectAccessible, registerViaApi, snap, test } from './fixtures';

const HEIC = fs.readFileSync(path.resolve('src/engine/test-photos/generated-card.heic'));

test('a HEIC photo is named where its preview cannot be shown, and the card is added with it', async ({ page }, info) => {
  await registerViaApi(page, info.project.use.baseURL!, { firstName: 'Ira' });
  await page.goto('/account/card/add-card');
  await page.getByLabel('Search by name, set or number').fill('charizard base');
  await page
    .getByRole('listbox', { name: 'Catalogue results' })
    .getByRole('option', { name: /Charizard/ })
    .first()
    .click();
  for (const face of ['Front', 'Back'])
    await page
      .getByLabel(face, { exact: true })
      .setInputFiles({ name: `${face.toLowerCase()}.heic`, mimeType: 'image/heic', buffer: HEIC });
  await expect(page.getByText('front.heic')).toBeVisible();
  await expect(page.getByText('This browser cannot show a preview of this photo. It will be graded as usual.').first()).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'add-card-heic', info.project.name);
  await page.getByRole('button', { name: 'Add card and continue' }).click();
  await expect(page.getByText('Cost: 1 credit')).toBeVisible();
});
