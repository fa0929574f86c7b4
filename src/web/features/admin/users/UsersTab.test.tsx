import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@web/test/mock-api';
import { renderWithApp, testUser } from '@web/test/render';
import UsersTab from './UsersTab';
import { parseCredits } from './EditUserDialog';
import { resetErrors } from './ResetPasswordDialog';
import { adminUser, pathAnswer, PREFIX } from '../test-data';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const misty = adminUser();
const oak = adminUser({ id: '00000000-0000-4000-8000-0000000000a2', username: 'oak', role: 'super_admin', email: 'oak@example.test' });
const page = (items = [misty, oak], hasMore = false) => ({ json: { items, page: 1, pageSize: 25, hasMore } });
const render = () => renderWithApp(<UsersTab />, { user: testUser({ role: 'admin' }) });

describe('User Management (§2.7)', () => {
  it('shows three placeholder rows while loading', async () => {
    mockApi({ ...pathAnswer, [`GET ${PREFIX}/users`]: () => new Promise(() => {}) });
    render();
    expect(await screen.findAllByTestId('user-skeleton')).toHaveLength(3);
  });

  it('lists users with role badges (administrators apart), searches on the server and pages', async () => {
    const calls = mockApi({ ...pathAnswer, [`GET ${PREFIX}/users`]: () => page([misty, oak], true) });
    render();
    const list = await screen.findByRole('list', { name: 'Users' });
    const rows = within(list).getAllByRole('listitem');
    expect(within(rows[0]).getByText('misty')).toBeInTheDocument();
    expect(within(rows[0]).getByText('User')).not.toHaveAttribute('data-admin');
    expect(within(rows[1]).getByText('Super Admin')).toHaveAttribute('data-admin');
    expect(within(rows[0]).getByText('Misty Waters · 4 credits')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox'), 'mis');
    await waitFor(() => expect(calls.some((c) => c.url.includes('search=mis'))).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls.some((c) => c.url.includes('page=2'))).toBe(true));
  });

  it('opens the cards dialog titled with the username: loading, empty text', async () => {
    mockApi({
      ...pathAnswer,
      [`GET ${PREFIX}/users`]: () => page(),
      [`GET ${PREFIX}/users/${misty.id}`]: () => ({ json: { ...misty, cards: [] } }),
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'View cards of misty' }));
    const dialog = await screen.findByRole('dialog', { name: 'misty' });
    expect(await within(dialog).findByText('No cards found for this user')).toBeInTheDocument();
  });

  it('shows the cards and opens a front image in the larger viewer', async () => {
    const card = {
      id: 'c1',
      cardId: 'base1-4',
      cardName: 'Charizard',
      cardSet: 'Base',
      cardNumber: '4',
      rarity: 'Rare Holo',
      createdAt: '2026-11-01T00:00:00Z',
      frontImageUrl: '/api/user-cards/c1/images/front',
      latestGrading: { psaGrade: 9, bgsGrade: 8.5, cgcGrade: 9 },
    };
    mockApi({
      ...pathAnswer,
      [`GET ${PREFIX}/users`]: () => page(),
      [`GET ${PREFIX}/users/${misty.id}`]: () => ({ json: { ...misty, cards: [card] } }),
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'View cards of misty' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Open Charizard front full size' }));
    expect(await screen.findByRole('dialog', { name: 'Charizard front' })).toBeInTheDocument();
  });

  it('shows Loading user cards... while they load', async () => {
    mockApi({ ...pathAnswer, [`GET ${PREFIX}/users`]: () => page(), [`GET ${PREFIX}/users/${misty.id}`]: () => new Promise(() => {}) });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'View cards of misty' }));
    expect(await screen.findByText('Loading user cards...')).toBeInTheDocument();
  });

  it('edits with §5 rules, sends the six fields, toasts, closes and refreshes', async () => {
    const calls = mockApi({
      ...pathAnswer,
      [`GET ${PREFIX}/users`]: () => page(),
      [`PUT ${PREFIX}/users/${misty.id}`]: (body) => ({
        json: { message: 'User updated successfully', user: { ...misty, ...(body as object) } },
      }),
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit misty' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit misty' });
    expect(within(dialog).getByLabelText('Email')).toHaveValue('misty@example.test');
    // An admin (not a super_admin) cannot grant super_admin.
    expect(within(dialog).getByRole('option', { name: 'Super Admin' })).toBeDisabled();
    await userEvent.clear(within(dialog).getByLabelText('Username'));
    await userEvent.type(within(dialog).getByLabelText('Username'), 'mi');
    await userEvent.clear(within(dialog).getByLabelText('Email'));
    await userEvent.type(within(dialog).getByLabelText('Email'), 'nope');
    await userEvent.clear(within(dialog).getByLabelText('Credits'));
    await userEvent.type(within(dialog).getByLabelText('Credits'), '-3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(within(dialog).getByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Invalid email address')).toBeInTheDocument();
    expect(within(dialog).getByText('Credits must be non-negative')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Username'), 'sty2');
    await userEvent.clear(within(dialog).getByLabelText('Email'));
    await userEvent.type(within(dialog).getByLabelText('Email'), 'misty2@example.test');
    await userEvent.clear(within(dialog).getByLabelText('Credits'));
    await userEvent.type(within(dialog).getByLabelText('Credits'), 'abc');
    await userEvent.selectOptions(within(dialog).getByLabelText('Role'), 'admin');
    const listCalls = calls.filter((c) => c.url.startsWith(`${PREFIX}/users?`)).length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('User updated successfully'));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      username: 'misty2',
      firstName: 'Misty',
      lastName: 'Waters',
      email: 'misty2@example.test',
      credits: 0,
      role: 'admin',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(calls.filter((c) => c.url.startsWith(`${PREFIX}/users?`)).length).toBeGreaterThan(listCalls));
  }, 30_000);

  it("toasts 'Error updating user' with the server's message", async () => {
    mockApi({
      ...pathAnswer,
      [`GET ${PREFIX}/users`]: () => page(),
      [`PUT ${PREFIX}/users/${oak.id}`]: () => ({
        status: 409,
        json: { message: 'The last super admin cannot be demoted.', field: 'role' },
      }),
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit oak' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error updating user', { description: 'The last super admin cannot be demoted.' }),
    );
  });

  it('resets a password: ≥ 6 each, mismatch on confirm, only newPassword sent', async () => {
    const calls = mockApi({
      ...pathAnswer,
      [`GET ${PREFIX}/users`]: () => page(),
      [`POST ${PREFIX}/users/${misty.id}/reset-password`]: () => ({ json: { message: 'Password reset successfully', sessionsEnded: 2 } }),
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Reset password of misty' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset password for misty' });
    await userEvent.type(within(dialog).getByLabelText('New password'), '12345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset Password' }));
    expect(within(dialog).getAllByText('Password must be at least 6 characters')).toHaveLength(2);
    await userEvent.type(within(dialog).getByLabelText('New password'), '6');
    await userEvent.type(within(dialog).getByLabelText('Confirm password'), '1234567');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset Password' }));
    expect(within(dialog).getByText("Passwords don't match")).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Confirm password'));
    await userEvent.type(within(dialog).getByLabelText('Confirm password'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Password reset successfully'));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ newPassword: '123456' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }, 30_000);

  it('parses credits and password rules as §5 says', () => {
    expect([parseCredits('12'), parseCredits('x'), parseCredits(''), parseCredits('-2')]).toEqual([12, 0, 0, -2]);
    expect(resetErrors('abcdef', 'abcdeg')).toEqual({ confirmPassword: "Passwords don't match" });
  });
});
