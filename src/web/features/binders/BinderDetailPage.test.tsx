import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TBinderCardEntry, TBinderDetailResponse } from '@contract/binders';
import { mockApi } from '@web/test/mock-api';
import { renderWithApp, testUser } from '@web/test/render';
import BinderDetailPage from './BinderDetailPage';

afterEach(() => vi.unstubAllGlobals());

const entry = (n: number, over: Partial<TBinderCardEntry['submission']> = {}): TBinderCardEntry => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  submissionId: `10000000-0000-4000-8000-00000000000${n}`,
  addedAt: '2026-11-01T10:00:00.000Z',
  personalNotes: null,
  actualPurchasePrice: null,
  userCard: { id: `20000000-0000-4000-8000-00000000000${n}`, cardId: 'base1-4', frontImageUrl: null },
  submission: {
    id: `10000000-0000-4000-8000-00000000000${n}`,
    gradingId: `GV-000000000${n}`,
    cardName: `Card ${n}`,
    cardSet: 'Base',
    cardNumber: String(n),
    rarity: 'Common',
    recommendedPlatform: 'PSA',
    psaGrade: 9,
    bgsGrade: 8.5,
    cgcGrade: 9.5,
    psaEstimatedValue: '100.00',
    bgsEstimatedValue: '80.00',
    cgcEstimatedValue: '60.00',
    valueSource: null,
    ...over,
  },
});
const detail = (cards: TBinderCardEntry[], isPublic = false): TBinderDetailResponse => ({
  binder: {
    id: 'b1',
    name: 'Vintage',
    description: null,
    isPublic,
    isOwner: true,
    ownerUsername: 'casey',
    createdAt: '2026-11-01T00:00:00Z',
    updatedAt: '2026-11-01T00:00:00Z',
    coverUserCardId: null,
    coverImageUrl: null,
  },
  cards,
});
const render = () => renderWithApp(<BinderDetailPage />, { route: '/binder/b1', path: '/binder/:id', user: testUser() });

describe('binder screen (spec §2.4)', () => {
  it('shows 6 skeleton tiles while loading', () => {
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    render();
    expect(screen.getAllByTestId('binder-skeleton')).toHaveLength(6);
  });

  it('shows name, No description, Public badge, totals with the spec decimals, and the recommended platform with PSA fallback', async () => {
    mockApi({
      'GET /api/binders/b1': () => ({
        json: detail(
          [
            {
              ...entry(1, { recommendedPlatform: 'BGS', rarity: 'Rare' }),
              userCard: { id: '20000000-0000-4000-8000-000000000001', cardId: 'base1-4', frontImageUrl: '/api/user-cards/c1/images/front' },
            },
            entry(2, { recommendedPlatform: 'other' }),
            entry(3, { recommendedPlatform: null, psaGrade: 10, psaEstimatedValue: '301.00' }),
          ],
          true,
        ),
      }),
    });
    render();
    expect(await screen.findByRole('heading', { name: /Vintage/ })).toBeInTheDocument();
    expect(screen.getByText('No description')).toBeInTheDocument();
    expect(screen.getByText('Public')).toBeInTheDocument();
    const tiles = screen.getAllByRole('listitem');
    expect(within(tiles[0]).getByText('BGS 8.5')).toBeInTheDocument();
    // Each tile shows its card's photo (issue 24); a card without one keeps the empty sleeve.
    expect(within(tiles[0]).getByRole('img', { name: /, front$/ })).toHaveAttribute('src', '/api/user-cards/c1/images/front');
    expect(within(tiles[1]).queryByRole('img')).not.toBeInTheDocument();
    expect(within(tiles[0]).getByText('$80.00')).toBeInTheDocument();
    expect(within(tiles[0]).getByText('Rare')).toHaveClass('bg-amber-100');
    expect(within(tiles[1]).getByText('PSA 9')).toBeInTheDocument();
    expect(within(tiles[2]).getByText('PSA 10')).toBeInTheDocument();
    // Total 80 + 100 + 301 = 481; Avg Value 160.33 → "$160"; grades 8.5, 9, 10 → 9.2; highest 10.0.
    expect(screen.getByText('$481.00')).toBeInTheDocument();
    expect(screen.getByText('Avg Value').nextSibling).toHaveTextContent('$160');
    expect(screen.getByText('Avg Grade').nextSibling).toHaveTextContent('9.2');
    expect(screen.getByText('Highest Grade').nextSibling).toHaveTextContent('10.0');
    expect(within(tiles[0]).getByRole('link', { name: 'View Details' })).toHaveAttribute(
      'href',
      '/account/collection/card-profile/20000000-0000-4000-8000-000000000001',
    );
  });

  it('shows the empty state', async () => {
    mockApi({ 'GET /api/binders/b1': () => ({ json: detail([]) }) });
    render();
    expect(await screen.findByText('No cards in this binder yet')).toBeInTheDocument();
    expect(screen.getByText('Grade some cards and add them to this binder to get started')).toBeInTheDocument();
    // No cards, no averages: a dash, not 0.0 or $0 (issue 24).
    expect(screen.getByText('Total Cards').nextSibling).toHaveTextContent('0');
    for (const tile of ['Avg Value', 'Avg Grade', 'Highest Grade']) expect(screen.getByText(tile).nextSibling).toHaveTextContent('—');
  });

  it('shows the error screen with the server message after its retries', async () => {
    mockApi({ 'GET /api/binders/b1': () => ({ status: 404, json: { message: 'No such binder.' } }) });
    render();
    expect(await screen.findByText('Error Loading Binder')).toBeInTheDocument();
    expect(screen.getByText('No such binder.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Collection' })).toHaveAttribute('href', '/account/collection');
  });
});
