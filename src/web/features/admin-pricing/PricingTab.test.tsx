import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TPriceUpdatePreviewResponse, TPriceUpdateResponse } from '@contract/price-update';
import { mockApi } from '@web/test/mock-api';
import { renderWithApp, testUser } from '@web/test/render';
import { PricingTab } from './PricingTab';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const HASH = 'abc123';
const API = `/api/admin/${HASH}`;
const BASE = `${API}/weekly-price-update`;
const preview: TPriceUpdatePreviewResponse = {
  totalCards: 104_250,
  cardsToUpdate: 12_345,
  eligibleUsers: 1_234,
  estimatedDuration: 'About 3 minutes',
  priceUpdateCategories: { gradedWithSubscription: 5_000, recentlyGraded: 9_876, oldGradedWithPro: 1_200, oldGradedWithoutPro: 80_001 },
  counts: { eligibleCards: 24_249, skippedRecentlyPriced: 11_904, recencyDays: 7, skippedOldStarter: 80_001, skippedIncomplete: 0 },
  pricedBy: { kind: 'estimator', label: 'Embedded estimator: market price × grade multipliers (multipliers-2026.11), no AI model' },
};
const result: TPriceUpdateResponse = {
  success: true,
  message: 'Updated 12,345 cards (9,000 new prices, 3,345 shared with another holder); 0 failed.',
  stats: {
    totalCardsProcessed: 12_345,
    successfulUpdates: 9_000,
    failedUpdates: 0,
    duplicatesSkipped: 3_345,
    duration: '2m 05s',
    totalApiCalls: 0,
  },
  errors: [],
};
const user = testUser({ role: 'admin' });

beforeEach(() => vi.clearAllMocks());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the Weekly Price Update screen', () => {
  it('shows "Never run", the preview with thousand separators and the skipped category', async () => {
    mockApi({
      [`GET ${BASE}/last-run`]: () => ({
        json: { status: 'never', lastRun: null, totalCardsUpdated: 0, message: 'No price update has run yet.' },
      }),
      [`GET ${BASE}/preview`]: () => ({ json: preview }),
    });
    renderWithApp(<PricingTab hash={HASH} />, { user });
    expect(screen.getByRole('heading', { name: 'Last Price Update Status' })).toBeInTheDocument();
    expect(await screen.findByText('Never run')).toBeInTheDocument();
    expect(await screen.findByText('104,250')).toBeInTheDocument();
    for (const [label, value] of [
      ['Total Cards', '104,250'],
      ['Cards to Update', '12,345'],
      ['Eligible Users', '1,234'],
      ['Est. Duration', 'About 3 minutes'],
    ]) {
      expect(screen.getByText(label).nextSibling).toHaveTextContent(value);
    }
    const list = screen.getByRole('list', { name: 'Cards by category' });
    const rows = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rows).toEqual([
      'Graded + Active Subscription5,000',
      'Recently Graded (< 12 months)9,876',
      'Old Graded + Pro Subscription1,200',
      'Old Graded + Starter Account80,001Skipped',
    ]);
    expect(screen.getByRole('heading', { name: 'Update Rules' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Last Update Results' })).toBeInTheDocument();
    // Issue 24.10: the counts add up in words, and what runs is named — no AI model for the estimator.
    expect(screen.getByTestId('preview-explained')).toHaveTextContent(
      '24,249 cards covered by the rules − 11,904 cards priced within the last 7 days (skipped) = 12,345 cards to update. Not covered: 80,001 cards graded over 12 months ago on starter accounts, 0 cards without all three grades.',
    );
    expect(screen.getByTestId('preview-explained')).toHaveTextContent('Priced by: Embedded estimator');
    expect(screen.queryByText(/AI language model/)).toBeNull();
    expect(screen.getByText(/no AI model is called/)).toBeInTheDocument();
  });

  it('asks for confirmation; cancelling sends nothing', async () => {
    const calls = mockApi({
      [`GET ${BASE}/last-run`]: () => ({ json: { status: 'never', lastRun: null, totalCardsUpdated: 0, message: '' } }),
      [`GET ${BASE}/preview`]: () => ({ json: preview }),
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderWithApp(<PricingTab hash={HASH} />, { user });
    fireEvent.click(screen.getByRole('button', { name: 'Start Weekly Update' }));
    expect(confirm).toHaveBeenCalledWith(
      'Are you sure you want to start the weekly price update? This will update pricing for all eligible cards.',
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('runs: the button is disabled while updating, then the completed toast, the results and a refetched preview', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const calls = mockApi({
      [`GET ${BASE}/last-run`]: () => ({
        json: { status: 'success', lastRun: '2026-11-23T03:00:00.000Z', totalCardsUpdated: 12_345, message: result.message },
      }),
      [`GET ${BASE}/preview`]: () => ({ json: preview }),
      [`POST ${BASE}`]: async () => {
        await gate;
        return { json: result };
      },
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderWithApp(<PricingTab hash={HASH} />, { user });
    await screen.findByText('104,250');
    fireEvent.click(screen.getByRole('button', { name: 'Start Weekly Update' }));
    const busy = await screen.findByRole('button', { name: 'Updating Prices...' });
    expect(busy).toBeDisabled();
    release();
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Weekly Price Update Completed', {
        description: 'Successfully updated 9,000 cards in 2m 05s',
      }),
    );
    expect(screen.getByRole('button', { name: 'Start Weekly Update' })).toBeEnabled();
    expect(screen.getByText('Duplicates skipped').nextSibling).toHaveTextContent('3,345');
    await waitFor(() => expect(calls.filter((c) => c.url === `${BASE}/preview`)).toHaveLength(2));
  });

  it('a failure toasts the server message, or the default text', async () => {
    mockApi({
      [`GET ${BASE}/last-run`]: () => ({ status: 500, json: { message: 'boom' } }),
      [`GET ${BASE}/preview`]: () => ({ status: 500, json: { message: 'boom' } }),
      [`POST ${BASE}`]: () => ({ status: 409, json: { message: 'A weekly price update is already running. Wait for it to finish.' } }),
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderWithApp(<PricingTab hash={HASH} />, { user });
    expect(await screen.findByText('Unable to load last run status')).toBeInTheDocument();
    expect(await screen.findByText('Unable to load preview data')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Start Weekly Update' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Weekly Price Update Failed', {
        description: 'A weekly price update is already running. Wait for it to finish.',
      }),
    );
  });

  it('a run that ends failed toasts its message', async () => {
    mockApi({
      [`GET ${BASE}/last-run`]: () => ({
        json: { status: 'failed', lastRun: '2026-11-23T03:00:00.000Z', totalCardsUpdated: 0, message: 'x' },
      }),
      [`GET ${BASE}/preview`]: () => ({ json: preview }),
      [`POST ${BASE}`]: () => ({ json: { ...result, success: false, message: '' } }),
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderWithApp(<PricingTab hash={HASH} />, { user });
    expect(await screen.findByText('Failed')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Start Weekly Update' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Weekly Price Update Failed', { description: 'An error occurred while updating prices' }),
    );
  });
});
