import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TUserCard } from '@contract/user-cards';
import { aUserCard } from '@web/test/fixtures';
import { mockApi } from '@web/test/mock-api';
import { renderWithApp, testUser } from '@web/test/render';
import DashboardPage from './DashboardPage';

afterEach(() => vi.unstubAllGlobals());

const card = (over: Partial<NonNullable<TUserCard['latestGrading']>>): TUserCard =>
  aUserCard({
    latestGrading: {
      id: '30000000-0000-4000-8000-000000000001',
      gradingId: 'GV-0000000001',
      status: 'completed',
      progress: 100,
      psaGrade: 4,
      bgsGrade: 4.5,
      cgcGrade: 4.5,
      recommendedPlatform: 'CGC',
      estimatedValue: '21.68',
      valueSource: null,
      createdAt: '2026-11-02T10:00:00.000Z',
      ...over,
    },
  });

function render(cards: TUserCard[], user = testUser()) {
  mockApi({
    'GET /api/user-cards': () => ({ json: cards }),
    'GET /api/collection/summary': () => ({ status: 500, json: { message: 'not needed here' } }),
  });
  renderWithApp(<DashboardPage />, { user });
}

describe('dashboard recent gradings', () => {
  it('pairs the recommended platform’s grade with that platform’s value, never PSA’s grade with another value', async () => {
    render([card({})]);
    const row = (await screen.findByRole('link', { name: 'Charizard' })).closest('li')!;
    expect(within(row).getByText('CGC 4.5')).toBeInTheDocument();
    expect(within(row).getByText('$21.68')).toBeInTheDocument();
    expect(within(row).queryByText(/PSA 4/)).not.toBeInTheDocument();
    expect(within(row).getByText('estimate from rarity')).toBeInTheDocument();
  });

  it('shows PSA when the platform is missing or other, with the market basis when there is one', async () => {
    render([
      card({
        recommendedPlatform: 'other',
        estimatedValue: '246.90',
        valueSource: { kind: 'market', provider: 'TCGplayer market', asOf: '2024-08-02', variant: 'holofoil', marketUsd: 352.72 },
      }),
    ]);
    const row = (await screen.findByRole('link', { name: 'Charizard' })).closest('li')!;
    expect(within(row).getByText('PSA 4')).toBeInTheDocument();
    expect(within(row).getByText('TCGplayer market, 2024-08-02, holofoil')).toBeInTheDocument();
  });

  it('counts credits in the right form', async () => {
    render([], testUser({ credits: 1 }));
    expect(await screen.findByText('Starter plan · 1 credit')).toBeInTheDocument();
  });
});
