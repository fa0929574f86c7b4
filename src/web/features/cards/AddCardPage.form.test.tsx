import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TCatalogueSearchResponse } from '@contract/catalogue';
import { aCatalogueCard, aUserCard } from '@web/test/fixtures';
import { mockApi } from '@web/test/mock-api';
import { renderWithApp, testUser } from '@web/test/render';
import AddCardPage from './AddCardPage';

beforeEach(() => {
  // jsdom has no object URLs; the photo slots preview what was picked.
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => undefined;
});
afterEach(() => vi.unstubAllGlobals());

const writes = (calls: ReturnType<typeof mockApi>) => calls.filter((c) => c.method !== 'GET');
const TYPING = { timeout: 20_000 };
const photo = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });
const render = () => renderWithApp(<AddCardPage />, { route: '/account/card/add-card', user: testUser() });
const addPhotos = async () => {
  await userEvent.upload(screen.getByLabelText('Front', { exact: true }), photo('front.jpg'));
  await userEvent.upload(screen.getByLabelText('Back', { exact: true }), photo('back.jpg'));
};
const CHARIZARD: TCatalogueSearchResponse['cards'][number] = { ...aCatalogueCard(), score: 1 };

describe('add card form', TYPING, () => {
  it('asks for a card and both photos with the contract’s sentences, and uploads nothing', async () => {
    const calls = mockApi({});
    render();
    await userEvent.click(screen.getByRole('button', { name: 'Add card and continue' }));
    expect(await screen.findByLabelText('Search by name, set or number')).toHaveAccessibleDescription(
      /Pick a card from the catalogue or enter its name/,
    );
    expect(screen.getByText('Add a photo of the front and of the back.')).toBeInTheDocument();
    // A name typed by hand does not count for the catalogue mode it was left for.
    await userEvent.click(screen.getByRole('button', { name: 'Enter by hand' }));
    await userEvent.type(screen.getByLabelText('Card name'), 'Mew');
    await userEvent.click(screen.getByRole('button', { name: 'Search the catalogue' }));
    await addPhotos();
    await userEvent.click(screen.getByRole('button', { name: 'Add card and continue' }));
    expect(await screen.findByLabelText('Search by name, set or number')).toHaveAccessibleDescription(
      /Pick a card from the catalogue or enter its name/,
    );
    expect(writes(calls)).toEqual([]);
  });

  it('uploads the picked catalogue card with its photos and goes on to grade it', async () => {
    const calls = mockApi({
      'GET /api/catalogue/search': () => ({ json: { query: 'charizard', cards: [CHARIZARD], total: 1, page: 1, limit: 20 } }),
      'POST /api/user-cards': () => ({ status: 201, json: aUserCard({ id: 'new-card' }) }),
    });
    render();
    await userEvent.type(screen.getByLabelText('Search by name, set or number'), 'charizard');
    await userEvent.click(await screen.findByRole('option', { name: /Charizard/ }));
    await addPhotos();
    await userEvent.click(screen.getByRole('button', { name: 'Add card and continue' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/account/card/grade-card/new-card'));
    const [upload] = writes(calls);
    const body = upload.body as FormData;
    expect([...body.keys()]).toEqual(['cardId', 'front', 'back']);
    expect(body.get('cardId')).toBe('base1-4');
    expect((body.get('front') as File).name).toBe('front.jpg');
  });

  it('sends a card entered by hand, trimmed and without empty fields, and shows the server’s refusal on its field', async () => {
    const calls = mockApi({
      'POST /api/user-cards': () => ({ status: 400, json: { message: 'Card names are at most 120 characters', field: 'cardName' } }),
    });
    render();
    await userEvent.click(screen.getByRole('button', { name: 'Enter by hand' }));
    await userEvent.type(screen.getByLabelText('Card name'), '  Mew ');
    await userEvent.type(screen.getByLabelText('Set'), 'Promo');
    await addPhotos();
    await userEvent.click(screen.getByRole('button', { name: 'Add card and continue' }));
    await waitFor(() => expect(screen.getByLabelText('Card name')).toHaveAccessibleDescription('Card names are at most 120 characters'));
    const body = writes(calls)[0].body as FormData;
    expect([...body.entries()].filter(([, v]) => typeof v === 'string')).toEqual([
      ['cardName', 'Mew'],
      ['cardSet', 'Promo'],
    ]);
    expect(screen.getByTestId('location')).toHaveTextContent('/account/card/add-card');
  });
});
