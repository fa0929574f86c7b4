/**
 * CSV import and export of the collection (issue 15): a TCGplayer-style file previewed with matched,
 * ambiguous and unmatched rows, an ambiguous row resolved, the confirm adding the cards; a file with
 * a formula cell refused with nothing added; the export downloaded from the collection page.
 */
import fs from 'node:fs';
import { csrfHeaders, expect, expectAccessible, registerViaApi, snap, test } from './fixtures';

// Generous: the shared test machine runs at a load of ~20 on 2 cores.
test.setTimeout(300_000);

const FILE = [
  'Quantity,Name,Set,Card Number,Printing,Condition,Price',
  '2,Charizard,Base Set,4/102,1st Edition,Near Mint Holofoil,$350.00',
  '1,Blastoise,Base,2,,Lightly Played Holofoil,80',
  '1,Pikachu,Nowhere Set,58,,,',
  '1,Charizard,Base,999,,,',
].join('\r\n');

test('import a CSV: preview, resolve, confirm; cards appear; the export downloads', async ({ page, baseURL }, info) => {
  await registerViaApi(page, baseURL!);
  await page.goto('/account/collection');
  await page.getByRole('link', { name: 'Import CSV' }).click();
  await expect(page.getByRole('heading', { name: 'Import cards' })).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'import-choose', info.project.name);

  await page.getByLabel('CSV file').setInputFiles({ name: 'tcgplayer.csv', mimeType: 'text/csv', buffer: Buffer.from(FILE) });
  await page.getByRole('button', { name: 'Upload and preview' }).click();
  await expect(page.getByRole('heading', { name: 'Preview of tcgplayer.csv' })).toBeVisible();
  await expect(page.getByTestId('count-matched')).toHaveText('2');
  await expect(page.getByTestId('count-ambiguous')).toHaveText('1');
  await expect(page.getByTestId('count-unmatched')).toHaveText('1');
  await expect(page.getByText('no card number 999')).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'import-preview', info.project.name);

  // The Pikachu of an unknown set: offered the catalogue's Pikachus numbered 58; pick the first.
  const choice = page.getByLabel('Which card is it?');
  await choice.selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Add 3 cards' }).click();
  await expect(page.getByText('3 cards added to your collection; 1 row left out.')).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'import-done', info.project.name);

  await page.getByRole('link', { name: 'See your collection' }).click();
  await expect(page.getByRole('heading', { name: 'Collection' })).toBeVisible();
  await expect(page.getByText('Blastoise').first()).toBeVisible();

  // The link is a plain download; a phone browser may open it instead of saving, so there it is fetched.
  const link = page.getByRole('link', { name: 'Export CSV' });
  let text: string;
  if (info.project.name === 'phone') {
    const res = await page.request.get((await link.getAttribute('href'))!);
    expect(res.headers()['content-disposition']).toMatch(/^attachment; filename="gradevault-collection-\d{4}-\d\d-\d\d\.csv"$/);
    text = (await res.body()).toString('utf8');
  } else {
    const downloading = page.waitForEvent('download');
    await link.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^gradevault-collection-\d{4}-\d\d-\d\d\.csv$/);
    text = fs.readFileSync(await download.path(), 'utf8');
  }
  expect(text.charCodeAt(0)).toBe(0xfeff);
  expect(text).toContain('Charizard,Base,base1,4,Rare Holo,1st Edition,Holo,2,');
  expect(text.trim().split('\n')).toHaveLength(4);
});

test(
  'a file with a formula cell is refused with a clear error and adds nothing',
  { tag: '@desktop-only' },
  async ({ page, baseURL }, info) => {
    await registerViaApi(page, baseURL!);
    await page.goto('/account/collection/import');
    const bad = 'Name,Set,Number,Notes\nCharizard,Base,4,"=HYPERLINK(""http://evil.example"",""click"")"\n';
    await page.getByLabel('CSV file').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    await page.getByRole('button', { name: 'Upload and preview' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('The file was not imported');
    await expect(alert).toContainText('line 2, column "Notes"');
    await expectAccessible(page);
    await snap(page, 'import-error', info.project.name);

    // Not UTF-8 either: its own sentence.
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'latin1.csv', mimeType: 'text/csv', buffer: Buffer.from('Name,Set,Number\nPok\xe9mon,Base,4\n', 'latin1') });
    await page.getByRole('button', { name: 'Upload and preview' }).click();
    await expect(page.getByRole('alert')).toContainText('This file is not UTF-8 text');

    const cards = await page.request.get('/api/user-cards', { headers: await csrfHeaders(page.request, baseURL!) });
    expect(await cards.json()).toEqual([]);
  },
);
