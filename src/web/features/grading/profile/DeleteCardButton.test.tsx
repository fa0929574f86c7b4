import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@web/test/mock-api';
import { renderWithApp, testUser } from '@web/test/render';
import { DeleteCardButton } from './DeleteCardButton';

afterEach(() => vi.unstubAllGlobals());
const ID = '20000000-0000-4000-8000-000000000001';

describe('deleting a card from its profile', () => {
  it('asks first, deletes only after the confirmation, then goes to the collection', async () => {
    const calls = mockApi({ [`DELETE /api/user-cards/${ID}`]: () => ({ json: { message: 'Card removed from your collection.' } }) });
    renderWithApp(<DeleteCardButton cardId={ID} cardName="Charizard" />, {
      route: `/account/collection/card-profile/${ID}`,
      user: testUser(),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete card' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete Charizard?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep the card' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete card' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete card' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/account/collection'));
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([`DELETE /api/user-cards/${ID}`]);
  });
});
