import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TPriceHistoryEntry } from '@contract/price-update';
import { mockApi } from '@web/test/mock-api';
import { renderWithApp, testUser } from '@web/test/render';
import { sourceLabel, ValueHistory } from './ValueHistory';

afterEach(() => vi.unstubAllGlobals());

const ID = '20000000-0000-4000-8000-000000000001';
const entry = (over: Partial<TPriceHistoryEntry>): TPriceHistoryEntry => ({
  cardKey: 'base1-4',
  platform: 'CGC',
  grade: 9,
  value: '350.00',
  source: 'estimator:multipliers-2026.11',
  recordedAt: '2026-11-02T03:00:00.000Z',
  ...over,
});
const render = () => renderWithApp(<ValueHistory cardId={ID} initialPlatform="CGC" />, { route: '/', path: '/', user: testUser() });

describe('card value history', { timeout: 20_000 }, () => {
  it('charts the shown platform with a table of each update: date, en-US value and source with its model', async () => {
    mockApi({
      [`GET /api/user-cards/${ID}/price-history`]: () => ({
        json: {
          entries: [
            entry({}),
            entry({ platform: 'PSA', grade: 8, value: '300.00' }),
            entry({ value: '1412.5', source: 'openai:gpt-4o-mini', recordedAt: '2026-11-09T03:00:00.000Z' }),
          ],
        },
      }),
    });
    render();
    const chart = await screen.findByRole('img', { name: 'CGC 9 value from $350.00 on Nov 2, 2026 to $1,412.50 on Nov 9, 2026' });
    expect(chart).toBeInTheDocument();
    const table = screen.getByRole('table', { name: /CGC 9 value by weekly price update/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Nov 2, 2026', '$350.00', 'Weekly price update, built-in estimator (multipliers-2026.11)'],
      ['Nov 9, 2026', '$1,412.50', 'Weekly price update, model gpt-4o-mini'],
    ]);
    expect(screen.getByRole('button', { name: 'CGC' })).toHaveAttribute('aria-pressed', 'true');
    // Another platform: its own grade and points.
    await userEvent.click(screen.getByRole('button', { name: 'PSA' }));
    expect(screen.getByRole('img', { name: 'PSA 8 value on Nov 2, 2026: $300.00' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'BGS' }));
    expect(screen.getByText('No price updates for BGS yet.')).toBeInTheDocument();
  });

  it('says honestly that there is no history before the first weekly update', async () => {
    mockApi({ [`GET /api/user-cards/${ID}/price-history`]: () => ({ json: { entries: [] } }) });
    render();
    expect(
      await screen.findByText('No price updates yet: values are set at grading time and refreshed by the weekly price update.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows a load error as text', async () => {
    mockApi({ [`GET /api/user-cards/${ID}/price-history`]: () => ({ status: 500, json: { message: 'Database unavailable' } }) });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
  });

  it('names unknown sources as they are', () => {
    expect(sourceLabel('manual')).toBe('Weekly price update (manual)');
  });
});
