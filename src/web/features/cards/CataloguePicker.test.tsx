import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TCatalogueSearchResponse } from '@contract/catalogue';
import { mockApi } from '@web/test/mock-api';
import { renderWithApp, testUser } from '@web/test/render';
import { CataloguePicker } from './CataloguePicker';

afterEach(() => vi.unstubAllGlobals());

type Card = TCatalogueSearchResponse['cards'][number];
const card = (n: number, extra: Partial<Card> = {}): Card => ({
  id: `base1-${n}`,
  name: n === 4 ? 'Charizard' : `Card ${n}`,
  number: String(n),
  rarity: 'Rare Holo',
  setId: 'base1',
  setName: 'Base',
  series: 'Base',
  setPrintedTotal: 102,
  releaseDate: '1999/01/09',
  imageSmall: `/api/catalogue/cards/base1-${n}/image/small`,
  imageLarge: null,
  score: 1,
  ...extra,
});
const page = (url: string) => Number(new URL(url, 'http://x').searchParams.get('page'));
const results = () => within(screen.getByRole('listbox', { name: 'Catalogue results', hidden: true }));
const SEARCH_BOX = { name: 'Search by name, set or number' };
const SETS = [{ id: 'base1', name: 'Base', series: 'Base', total: 102, releaseDate: '1999/01/09' }];

describe('catalogue picker', { timeout: 20_000 }, () => {
  it('shows each printing with set, year and number, a placeholder for an unreachable picture, and loads more', async () => {
    const calls = mockApi({
      'GET /api/catalogue/sets': () => ({ json: SETS }),
      'GET /api/catalogue/search': (_b, url) => ({
        json: {
          query: 'charizard',
          total: 25,
          page: page(url),
          limit: 20,
          cards:
            page(url) === 1
              ? [4, ...Array.from({ length: 19 }, (_, i) => i + 10)].map((n) => card(n))
              : [30, 31, 32, 33, 34].map((n) => card(n)),
        },
      }),
    });
    const onPick = vi.fn();
    renderWithApp(<CataloguePicker onPick={onPick} />, { user: testUser() });
    await userEvent.type(screen.getByRole('combobox', SEARCH_BOX), 'charizard');
    const first = await results().findByRole('option', { name: /Charizard/ });
    expect(first).toHaveTextContent('Base · 1999 · #4/102');
    expect(screen.getByText('25 printings, showing 20')).toHaveAttribute('role', 'status');
    const img = first.querySelector('img')!;
    expect(img).toHaveAttribute('loading', 'lazy');
    fireEvent.error(img);
    expect(first.querySelector('[data-thumbnail="placeholder"]')).toHaveTextContent('#4');

    await userEvent.click(screen.getByRole('button', { name: 'Show 5 more' }));
    await waitFor(() => expect(results().getAllByRole('option')).toHaveLength(25));
    expect(screen.queryByRole('button', { name: /more/ })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url.includes('/search')).map((c) => page(c.url))).toEqual([1, 2]);
  });

  it('moves through the options with the arrow keys and picks with Enter, and filters by set', async () => {
    const calls = mockApi({
      'GET /api/catalogue/sets': () => ({ json: SETS }),
      'GET /api/catalogue/search': (_b, url) => ({ json: { query: 'c', total: 2, page: page(url), limit: 20, cards: [card(4), card(5)] } }),
    });
    const onPick = vi.fn();
    renderWithApp(<CataloguePicker onPick={onPick} />, { user: testUser() });
    const box = screen.getByRole('combobox', SEARCH_BOX);
    await userEvent.type(box, 'charizard');
    await results().findAllByRole('option');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', results().getAllByRole('option')[1].id);
    expect(results().getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ id: 'base1-5' }));

    await userEvent.selectOptions(
      screen.getByLabelText('Set'),
      await within(screen.getByLabelText('Set')).findByRole('option', { name: 'Base (1999)' }),
    );
    await waitFor(() => expect(calls.some((c) => c.url.includes('setId=base1'))).toBe(true));
  });
});
