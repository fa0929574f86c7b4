import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TBinderSummary } from '@contract/binders';
import type { TCollectionFacetsResponse, TUserCard } from '@contract/user-cards';
import { aUserCard } from '@web/test/fixtures';
import { mockApi } from '@web/test/mock-api';
import { renderWithApp, testUser } from '@web/test/render';
import CollectionPage from './CollectionPage';
import { SEARCH_DEBOUNCE_MS } from './CollectionFilters';

afterEach(() => vi.unstubAllGlobals());

const card = (
  n: number,
  over: Partial<TUserCard> = {},
  grading: Partial<NonNullable<TUserCard['latestGrading']>> | null = {},
): TUserCard => ({
  ...aUserCard({
    id: `20000000-0000-4000-8000-00000000000${n}`,
    cardId: null,
    cardName: `Card ${n}`,
    cardNumber: String(n),
    createdAt: `2026-01-0${n}T10:00:00.000Z`,
  }),
  latestGrading: grading && {
    id: `30000000-0000-4000-8000-00000000000${n}`,
    gradingId: `GV-${n}`,
    status: 'completed',
    progress: 100,
    psaGrade: 9,
    bgsGrade: 8.5,
    cgcGrade: 9.5,
    recommendedPlatform: 'PSA',
    estimatedValue: '120.00',
    valueSource: null,
    createdAt: `2026-01-0${n}T11:00:00.000Z`,
    ...grading,
  },
  ...over,
});

const CARDS = [
  card(1, { cardName: 'Charizard' }),
  card(2, { cardName: 'Blastoise', cardSet: 'Jungle' }, { recommendedPlatform: 'BGS', estimatedValue: '300.00' }),
  card(3, { cardName: 'Mew', rarity: null }, null),
];
const FACETS: TCollectionFacetsResponse = {
  total: 3,
  sets: [
    { value: 'Base', count: 2 },
    { value: 'Jungle', count: 1 },
  ],
  rarities: [{ value: 'Rare Holo', count: 2 }],
  platforms: [
    { value: 'PSA', count: 1 },
    { value: 'BGS', count: 1 },
    { value: 'CGC', count: 0 },
  ],
  statuses: { graded: 2, ungraded: 1, grading: 0 },
};

/** The API: filters by set only (enough to tell requests apart); `answer` overrides the list. */
function api({
  facets = FACETS,
  answer,
  binders = [],
}: { facets?: TCollectionFacetsResponse; answer?: (url: URL) => TUserCard[]; binders?: TBinderSummary[] } = {}) {
  return mockApi({
    'GET /api/user-cards': (_b, url) => {
      const u = new URL(url, 'http://x');
      const set = u.searchParams.get('set');
      return { json: answer ? answer(u) : CARDS.filter((c) => !set || c.cardSet === set) };
    },
    'GET /api/user-cards/facets': () => ({ json: facets }),
    'GET /api/binders': () => ({ json: binders }),
    'GET /api/collection/summary': () => ({
      json: {
        totalCards: facets.total,
        totalCopies: facets.total,
        gradedCards: 2,
        marketValuedCards: 0,
        unvaluedCards: 0,
        pricedCards: 0,
        gainLossCards: 0,
        estimatedValue: '420.00',
        totalCost: '0.00',
        gainLoss: '0.00',
        roiPercent: null,
        averageGrade: 9,
        valueHistory: [],
      },
    }),
  });
}
const listCalls = (calls: ReturnType<typeof mockApi>) =>
  calls.filter((c) => c.url.startsWith('/api/user-cards') && !c.url.startsWith('/api/user-cards/facets')).map((c) => c.url);
const render = (route = '/account/collection') =>
  renderWithApp(<CollectionPage />, { route, path: '/account/collection', user: testUser() });
const location = () => screen.getByTestId('location').textContent;

describe('collection screen', () => {
  it('shows the cards with the recommended platform’s grade, the count and the facet counts', async () => {
    api();
    render();
    const grid = await screen.findByRole('list', { name: 'Your cards' });
    const tiles = within(grid).getAllByRole('listitem');
    expect(tiles).toHaveLength(3);
    expect(within(tiles[0]).getByText('PSA 9')).toBeInTheDocument();
    expect(within(tiles[1]).getByText('BGS 8.5')).toBeInTheDocument();
    expect(within(tiles[1]).getByText('$300.00')).toBeInTheDocument();
    expect(within(tiles[2]).getByText('Not graded')).toBeInTheDocument();
    expect(within(tiles[0]).getByRole('link', { name: 'Charizard' })).toHaveAttribute(
      'href',
      '/account/collection/card-profile/20000000-0000-4000-8000-000000000001',
    );
    expect(within(tiles[2]).getByRole('link', { name: 'Mew' })).toHaveAttribute(
      'href',
      '/account/card/grade-card/20000000-0000-4000-8000-000000000003',
    );
    expect(screen.getByText('3 cards')).toHaveAttribute('role', 'status');
    expect(await screen.findByRole('option', { name: 'Jungle (1)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'BGS (1)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Not graded (1)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('a filter goes into the URL and the request’s query string, and shows “n of total”', async () => {
    const calls = api();
    const user = userEvent.setup();
    render();
    await screen.findByRole('option', { name: 'Jungle (1)' });
    await user.selectOptions(screen.getByLabelText('Set'), 'Jungle');
    await waitFor(() => expect(location()).toBe('/account/collection?set=Jungle'));
    await waitFor(() => expect(listCalls(calls)).toContain('/api/user-cards?set=Jungle'));
    expect(await screen.findByText('1 of 3 cards')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Your cards' })).getAllByRole('listitem')).toHaveLength(1);

    await user.selectOptions(screen.getByLabelText('Sort by'), 'value-desc');
    await user.selectOptions(screen.getByLabelText('Platform'), 'BGS');
    await user.selectOptions(screen.getByLabelText('Status'), 'graded');
    await waitFor(() => expect(location()).toBe('/account/collection?set=Jungle&platform=BGS&status=graded&sort=value-desc'));
    await waitFor(() => expect(listCalls(calls).at(-1)).toBe('/api/user-cards?set=Jungle&platform=BGS&status=graded&sort=value-desc'));
    expect(screen.getByRole('button', { name: 'Remove filter Platform: BGS' })).toBeInTheDocument();
  });

  it('debounces the search before it reaches the URL and the server', async () => {
    const calls = api();
    const searches = () => listCalls(calls).filter((u) => u.includes('q='));
    render();
    await screen.findByRole('list', { name: 'Your cards' });
    const box = screen.getByLabelText('Search your cards');
    // One key at a time as change events (user-event waits on setTimeout, which is faked here).
    const typeOn = (text: string) => {
      for (const letter of text) fireEvent.change(box, { target: { value: `${(box as HTMLInputElement).value}${letter}` } });
    };
    // The debounce's clock is the test's: no real pause, so a slow machine cannot split or merge requests.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      typeOn('ch');
      act(() => {
        vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
      });
      expect(location()).toBe('/account/collection');
      // Each key starts the delay again: "ch" alone is never sent, though its delay has now run out.
      typeOn('ar');
      act(() => {
        vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
      });
      expect(location()).toBe('/account/collection');
      expect(searches()).toEqual([]);
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(location()).toBe('/account/collection?q=char');
      act(() => {
        vi.runOnlyPendingTimers();
      });
    } finally {
      vi.useRealTimers();
    }
    // One request for the whole word, not one per letter.
    await waitFor(() => expect(listCalls(calls).at(-1)).toBe('/api/user-cards?q=char'));
    expect(searches()).toEqual(['/api/user-cards?q=char']);
  });

  it('keeps the grade range the right way round', async () => {
    const calls = api();
    const user = userEvent.setup();
    render('/account/collection?gradeMax=8');
    await screen.findByRole('list', { name: 'Your cards' });
    expect(screen.getByLabelText('Max grade')).toHaveValue('8');
    await user.selectOptions(screen.getByLabelText('Min grade'), '9.5');
    await waitFor(() => expect(location()).toBe('/account/collection?gradeMin=9.5&gradeMax=9.5'));
    await waitFor(() => expect(listCalls(calls).at(-1)).toBe('/api/user-cards?gradeMin=9.5&gradeMax=9.5'));
  });

  it('reads a shared link, ignoring what it cannot use', async () => {
    const calls = api();
    render('/account/collection?platform=bgs&gradeMin=9&gradeMax=7&sort=price&status=graded&extra=1');
    await screen.findByRole('list', { name: 'Your cards' });
    expect(listCalls(calls)[0]).toBe('/api/user-cards?platform=BGS&gradeMin=7&gradeMax=9&status=graded');
    expect(screen.getByLabelText('Platform')).toHaveValue('BGS');
    expect(screen.getByLabelText('Min grade')).toHaveValue('7');
    expect(screen.getByLabelText('Sort by')).toHaveValue('newest');
  });

  it('clears the filters but keeps the sort order', async () => {
    const calls = api();
    const user = userEvent.setup();
    render('/account/collection?q=char&set=Base&rarity=Rare%20Holo&status=graded&sort=name');
    await screen.findByRole('list', { name: 'Your cards' });
    expect(screen.getByLabelText('Search your cards')).toHaveValue('char');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location()).toBe('/account/collection?sort=name'));
    await waitFor(() => expect(listCalls(calls).at(-1)).toBe('/api/user-cards?sort=name'));
    expect(screen.getByLabelText('Search your cards')).toHaveValue('');
    expect(screen.getByLabelText('Set')).toHaveValue('');
    expect(screen.queryByRole('list', { name: 'Active filters' })).not.toBeInTheDocument();
    expect(await screen.findByText('3 cards')).toBeInTheDocument();
  });

  it('says when no card matches the filters, with a way to clear them', async () => {
    api({ answer: (u) => (u.searchParams.has('rarity') ? [] : CARDS) });
    const user = userEvent.setup();
    render('/account/collection?rarity=Secret%20Rare');
    expect(await screen.findByText('No cards match these filters')).toBeInTheDocument();
    expect(screen.getByText('0 of 3 cards')).toBeInTheDocument();
    // A rarity from an old link stays chosen even when the collection no longer has it.
    expect(screen.getByLabelText('Rarity')).toHaveValue('Secret Rare');
    const empty = screen.getByText('No cards match these filters').parentElement!;
    await user.click(within(empty).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location()).toBe('/account/collection'));
    expect(await screen.findByRole('list', { name: 'Your cards' })).toBeInTheDocument();
    expect(screen.queryByText('No cards match these filters')).not.toBeInTheDocument();
  });

  it('keeps the empty state for an empty collection', async () => {
    api({ facets: { ...FACETS, total: 0, sets: [], rarities: [], statuses: { graded: 0, ungraded: 0, grading: 0 } }, answer: () => [] });
    render();
    expect(await screen.findByText(/No cards yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add your first card' })).toHaveAttribute('href', '/account/card/add-card');
    expect(screen.queryByLabelText('Search your cards')).not.toBeInTheDocument();
    expect(screen.queryByText('No cards match these filters')).not.toBeInTheDocument();
  });

  it('opens the filter panel from the Filters button (phone layout)', async () => {
    api();
    const user = userEvent.setup();
    render('/account/collection?set=Base&q=x');
    await screen.findByRole('list', { name: 'Your cards' });
    const toggle = screen.getByRole('button', { name: /^Filters/ });
    // The search is not counted: it is in view beside the button.
    expect(toggle).toHaveAccessibleName('Filters, 1 active');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(panel).toHaveClass('hidden');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(panel).not.toHaveClass('hidden');
    expect(within(panel).getByLabelText('Set')).toHaveValue('Base');
  });
});

const binder = (n: number, over: Partial<TBinderSummary> = {}): TBinderSummary => ({
  id: `40000000-0000-4000-8000-00000000000${n}`,
  name: `Binder ${n}`,
  description: null,
  isPublic: false,
  isOwner: true,
  ownerUsername: 'collector',
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
  coverUserCardId: null,
  coverImageUrl: null,
  cardCount: n,
  totalValue: '100.00',
  ...over,
});
const BINDERS = [binder(1, { name: 'Best pulls', isPublic: true }), binder(2, { name: 'Trade pile' })];

describe('collection tabs', () => {
  it('opens on the cards, counts both tabs, and puts the chosen tab in the URL', async () => {
    api({ binders: BINDERS });
    const user = userEvent.setup();
    render();
    expect(await screen.findByRole('list', { name: 'Your cards' })).toBeInTheDocument();
    expect(screen.getByRole('tablist', { name: 'Your collection' })).toBeInTheDocument();
    const cardsTab = await screen.findByRole('tab', { name: 'Cards (3)' });
    const bindersTab = await screen.findByRole('tab', { name: 'Binders (2)' });
    expect(cardsTab).toHaveAttribute('aria-selected', 'true');
    expect(bindersTab).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tabpanel', { name: 'Cards (3)' })).toContainElement(screen.getByRole('list', { name: 'Your cards' }));
    expect(screen.queryByLabelText('New binder name')).not.toBeInTheDocument();

    await user.click(bindersTab);
    await waitFor(() => expect(location()).toBe('/account/collection?view=binders'));
    expect(bindersTab).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Binders (2)' });
    expect(within(panel).getByRole('link', { name: 'Best pulls' })).toHaveAttribute(
      'href',
      '/account/collection/binder-detail/40000000-0000-4000-8000-000000000001',
    );
    expect(within(panel).getByText('1 card · $100.00')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Public' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(panel).getByLabelText('New binder name')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Your cards' })).not.toBeInTheDocument();

    await user.click(cardsTab);
    await waitFor(() => expect(location()).toBe('/account/collection'));
    expect(await screen.findByRole('list', { name: 'Your cards' })).toBeInTheDocument();
  });

  it('?view=binders opens the binders tab', async () => {
    api({ binders: BINDERS });
    render('/account/collection?view=binders');
    const bindersTab = await screen.findByRole('tab', { name: 'Binders (2)' });
    expect(bindersTab).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('link', { name: 'Trade pile' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Your cards' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Search your cards')).not.toBeInTheDocument();
  });

  it('an unknown view falls back to the cards', async () => {
    api();
    render('/account/collection?view=nonsense');
    expect(await screen.findByRole('list', { name: 'Your cards' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /^Cards/ })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('tab', { name: 'Binders (0)' })).toHaveAttribute('aria-selected', 'false');
  });

  it('keeps the filters while the binders tab is open, and the filters keep working after', async () => {
    const calls = api({ binders: BINDERS });
    const user = userEvent.setup();
    render('/account/collection?set=Jungle&sort=name');
    expect(await screen.findByText('1 of 3 cards')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /^Binders/ }));
    await waitFor(() => expect(location()).toBe('/account/collection?set=Jungle&sort=name&view=binders'));
    await screen.findByRole('link', { name: 'Best pulls' });

    await user.click(screen.getByRole('tab', { name: /^Cards/ }));
    await waitFor(() => expect(location()).toBe('/account/collection?set=Jungle&sort=name'));
    expect(await screen.findByText('1 of 3 cards')).toBeInTheDocument();
    expect(screen.getByLabelText('Set')).toHaveValue('Jungle');
    expect(screen.getByLabelText('Sort by')).toHaveValue('name');
    expect(screen.getByRole('button', { name: 'Remove filter Set: Jungle' })).toBeInTheDocument();
    expect(listCalls(calls).every((u) => u === '/api/user-cards?set=Jungle&sort=name')).toBe(true);

    await user.selectOptions(screen.getByLabelText('Status'), 'graded');
    await waitFor(() => expect(location()).toBe('/account/collection?set=Jungle&status=graded&sort=name'));
    await waitFor(() => expect(listCalls(calls).at(-1)).toBe('/api/user-cards?set=Jungle&status=graded&sort=name'));
  });

  it('switches tabs from the keyboard', async () => {
    api({ binders: BINDERS });
    const user = userEvent.setup();
    render('/account/collection?q=char');
    await screen.findByRole('list', { name: 'Your cards' });
    const cardsTab = screen.getByRole('tab', { name: /^Cards/ });
    act(() => cardsTab.focus());
    await user.keyboard('{ArrowRight}');
    const bindersTab = screen.getByRole('tab', { name: /^Binders/ });
    expect(bindersTab).toHaveFocus();
    await waitFor(() => expect(location()).toBe('/account/collection?q=char&view=binders'));
    expect(bindersTab).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(location()).toBe('/account/collection?q=char'));
    expect(await screen.findByLabelText('Search your cards')).toHaveValue('char');
  });
});
