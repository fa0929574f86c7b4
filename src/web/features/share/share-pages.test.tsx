import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TPublicBinderResponse } from '@contract/share';
import { mockApi } from '@web/test/mock-api';
import { renderWithApp, testUser } from '@web/test/render';
import { CopyShareLink } from './CopyShareLink';
import SharedBinderPage from './SharedBinderPage';
import BinderDetailPage from '@web/features/binders/BinderDetailPage';
import type { TBinderDetailResponse } from '@contract/binders';

afterEach(() => vi.unstubAllGlobals());

const BINDER = '30000000-0000-4000-8000-000000000001';
const CARD = '20000000-0000-4000-8000-000000000001';
const shared: TPublicBinderResponse = {
  binder: {
    id: BINDER,
    name: 'Vintage',
    description: null,
    ownerUsername: 'casey',
    cardCount: 1,
    totalValue: '80.00',
    updatedAt: '2026-11-01T00:00:00.000Z',
  },
  cards: [
    {
      userCardId: CARD,
      cardName: 'Charizard',
      cardSet: 'Base',
      cardNumber: '4',
      rarity: 'Rare Holo',
      edition: 'first_edition',
      finish: 'holofoil',
      frontImageUrl: `/api/shared/binders/${BINDER}/cards/${CARD}/images/front`,
      recommendedPlatform: 'BGS',
      psaGrade: 9,
      bgsGrade: 8.5,
      cgcGrade: 9,
      psaEstimatedValue: '100.00',
      bgsEstimatedValue: '80.00',
      cgcEstimatedValue: '60.00',
      valueSource: null,
    },
  ],
};
const renderShared = (user: ReturnType<typeof testUser> | null = null) =>
  renderWithApp(<SharedBinderPage />, { route: `/shared/binders/${BINDER}`, path: '/shared/binders/:id', user });

// The first render loads the page's modules: slow on two shared cores.
describe('shared binder page', { timeout: 15_000 }, () => {
  it('shows a public binder read-only to a signed-out visitor, View Details leading to the public card view', async () => {
    mockApi({ [`GET /api/shared/binders/${BINDER}`]: () => ({ json: shared }) });
    renderShared();
    expect(await screen.findByRole('heading', { name: 'Vintage' })).toBeInTheDocument();
    expect(screen.getByText('Shared by casey')).toBeInTheDocument();
    expect(screen.getByText('Base · #4 · 1st Edition · Holo')).toBeInTheDocument();
    expect(screen.getByText('BGS 8.5')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Charizard, front' })).toHaveAttribute('src', shared.cards[0].frontImageUrl);
    expect(screen.getByRole('link', { name: 'View Details of Charizard' })).toHaveAttribute(
      'href',
      `/shared/binders/${BINDER}/cards/${CARD}`,
    );
    expect(screen.queryByRole('button', { name: /Edit|Remove/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
  });

  it('tells its owner this is the public view', async () => {
    mockApi({ [`GET /api/shared/binders/${BINDER}`]: () => ({ json: shared }) });
    renderShared(testUser({ username: 'casey' }));
    expect(await screen.findByText(/This is how others see your binder/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your binder' })).toHaveAttribute('href', `/binder/${BINDER}`);
  });

  it('says "not found or not shared" on a 404, without retrying', async () => {
    const calls = mockApi({ [`GET /api/shared/binders/${BINDER}`]: () => ({ status: 404, json: { message: 'nope' } }) });
    renderShared();
    expect(await screen.findByRole('heading', { name: 'Binder not found or not shared' })).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/shared'))).toHaveLength(1);
  });
});

describe('Copy link', () => {
  it('copies the share URL and says so in a live region', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('isSecureContext', true);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithApp(<CopyShareLink binderId={BINDER} isPublic />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    // The live region (the test router's location probe is an <output>, a status too: pick by text).
    expect(await screen.findByText('Link copied')).toHaveAttribute('aria-live', 'polite');
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/shared/binders/${BINDER}`);
  });

  it('shows the link itself when no way of copying works', async () => {
    vi.stubGlobal('isSecureContext', false);
    document.execCommand = vi.fn(() => false);
    renderWithApp(<CopyShareLink binderId={BINDER} isPublic />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText(/Copy did not work here/)).toHaveTextContent(`${window.location.origin}/shared/binders/${BINDER}`);
  });

  it('explains how to share a private binder instead of offering a link', () => {
    renderWithApp(<CopyShareLink binderId={BINDER} isPublic={false} />);
    expect(screen.queryByRole('button', { name: 'Copy link' })).not.toBeInTheDocument();
    expect(screen.getByText(/Only you can see this binder/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Collection › Binders' })).toHaveAttribute('href', '/account/collection?view=binders');
  });
});

describe('binder screen hooks', { timeout: 15_000 }, () => {
  const detail = (isOwner: boolean, isPublic: boolean): TBinderDetailResponse => ({
    binder: {
      id: BINDER,
      name: 'Vintage',
      description: null,
      isPublic,
      isOwner,
      ownerUsername: 'casey',
      createdAt: '',
      updatedAt: '',
      coverUserCardId: null,
      coverImageUrl: null,
    },
    cards: [
      {
        id: '00000000-0000-4000-8000-000000000001',
        submissionId: '10000000-0000-4000-8000-000000000001',
        addedAt: '2026-11-01T10:00:00.000Z',
        personalNotes: null,
        actualPurchasePrice: null,
        userCard: { id: CARD, cardId: 'base1-4', frontImageUrl: null },
        submission: { id: '10000000-0000-4000-8000-000000000001', gradingId: 'GV-0000000001', ...shared.cards[0] },
      },
    ],
  });
  const renderDetail = () => renderWithApp(<BinderDetailPage />, { route: `/binder/${BINDER}`, path: '/binder/:id', user: testUser() });

  it("someone else's public binder: View Details opens the public card view, and no Copy link", async () => {
    mockApi({ [`GET /api/binders/${BINDER}`]: () => ({ json: detail(false, true) }) });
    renderDetail();
    expect(await screen.findByRole('link', { name: 'View Details' })).toHaveAttribute('href', `/shared/binders/${BINDER}/cards/${CARD}`);
    expect(screen.queryByRole('button', { name: 'Copy link' })).not.toBeInTheDocument();
  });

  it('the owner of a public binder gets Copy link; View Details stays the card profile', async () => {
    mockApi({ [`GET /api/binders/${BINDER}`]: () => ({ json: detail(true, true) }) });
    renderDetail();
    expect(await screen.findByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Details' })).toHaveAttribute('href', `/account/collection/card-profile/${CARD}`);
  });
});
