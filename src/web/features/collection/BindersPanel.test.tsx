import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TBinderSummary } from '@contract/binders';
import { mockApi } from '@web/test/mock-api';
import { renderWithApp, testUser } from '@web/test/render';
import { BindersPanel } from './BindersPanel';

afterEach(() => vi.unstubAllGlobals());

const binder: TBinderSummary = {
  id: '40000000-0000-4000-8000-000000000001',
  name: 'Vintage',
  description: null,
  isPublic: false,
  isOwner: true,
  ownerUsername: 'casey',
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
  coverUserCardId: null,
  coverImageUrl: null,
  cardCount: 1,
  totalValue: '246.90',
};

function render() {
  const calls = mockApi({
    'GET /api/binders': () => ({ json: [binder] }),
    'POST /api/binders': (body) => ({ status: 201, json: { ...binder, ...(body as object) } }),
    [`PATCH /api/binders/${binder.id}`]: (body) => ({ json: { ...binder, ...(body as object) } }),
  });
  renderWithApp(<BindersPanel />, { user: testUser() });
  return calls;
}

describe('binders panel', () => {
  it('creates a binder with a name and a description', async () => {
    const calls = render();
    expect(await screen.findByText('1 card · $246.90')).toBeInTheDocument();
    const create = screen.getByRole('form', { name: 'Create' });
    fireEvent.change(within(create).getByLabelText('New binder name'), { target: { value: '  Modern hits ' } });
    fireEvent.change(within(create).getByLabelText('Description (optional)'), { target: { value: 'Pulled in 2025' } });
    fireEvent.click(within(create).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Modern hits', description: 'Pulled in 2025' }),
    );
  });

  it('edits name and description in a dialog checked by the contract schema, not window.prompt', async () => {
    const prompt = vi.spyOn(window, 'prompt');
    const calls = render();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Vintage' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit binder' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Give the binder a name')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'x'.repeat(101) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Binder names are at most 100 characters')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Vintage holos' } });
    fireEvent.change(within(dialog).getByLabelText('Description (optional)'), { target: { value: 'Base Set to Team Rocket' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ name: 'Vintage holos', description: 'Base Set to Team Rocket' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(prompt).not.toHaveBeenCalled();
  });
});
