import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TImportPreviewResponse, TImportRow } from '@contract/collection-io';
import { mockApi } from '@web/test/mock-api';
import { renderWithApp, testUser } from '@web/test/render';
import { ImportPreview } from './ImportPreview';

const ID = '30000000-0000-4000-8000-000000000001';
const row = (line: number, duplicate: boolean): TImportRow => ({
  line,
  name: 'Charizard',
  set: 'Base',
  number: '4',
  quantity: 1,
  edition: null,
  finish: null,
  purchasePrice: '10.00',
  notes: null,
  binders: [],
  status: 'matched',
  cardId: 'base1-4',
  candidates: [{ cardId: 'base1-4', name: 'Charizard', setName: 'Base', number: '4', rarity: 'Rare Holo' }],
  reason: null,
  duplicate,
});
const PREVIEW: TImportPreviewResponse = {
  id: ID,
  fileName: 'gradevault-collection.csv',
  format: 'gradevault',
  createdAt: '2026-11-26T10:00:00.000Z',
  expiresAt: '2026-11-27T10:00:00.000Z',
  confirmedAt: null,
  importedCount: null,
  counts: { total: 3, matched: 3, ambiguous: 0, unmatched: 0, duplicates: 2 },
  hasBinders: false,
  hasGrades: true,
  rows: [row(2, true), row(3, true), row(4, false)],
  page: 1,
  pageCount: 1,
};

describe('import preview', () => {
  it('warns of rows already in the collection, skips them by default, imports them on the collector’s word (issue 24)', async () => {
    const calls = mockApi({
      [`GET /api/collection-imports/${ID}`]: () => ({ json: PREVIEW }),
      [`POST /api/collection-imports/${ID}/confirm`]: () => ({
        json: { imported: 3, skipped: 0, alreadyConfirmed: false, message: '3 cards added.' },
      }),
    });
    renderWithApp(<ImportPreview id={ID} first={PREVIEW} />, { user: testUser() });
    expect(screen.getByText('2 rows look like cards you already have')).toBeInTheDocument();
    expect(screen.getAllByText('Already in your collection')).toHaveLength(2);
    expect(screen.getByRole('radio', { name: 'Skip them (recommended)' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Add 1 card' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Import them anyway, as more copies' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add 3 cards' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ choices: [], duplicates: 'import' });
  });
});
