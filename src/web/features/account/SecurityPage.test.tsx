import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TSessionInfo } from '@contract/auth';
import { mockApi } from '@web/test/mock-api';
import { renderWithApp, testUser } from '@web/test/render';
import SecurityPage from './SecurityPage';

afterEach(() => vi.unstubAllGlobals());

const writes = (calls: ReturnType<typeof mockApi>) => calls.filter((c) => c.method !== 'GET');
// Typing key by key in jsdom on two shared cores can take seconds: room beyond the 5 s default.
const TYPING = { timeout: 20_000 };
const SESSIONS: TSessionInfo[] = [
  {
    id: 's1',
    current: true,
    createdAt: '2026-11-01T10:00:00.000Z',
    lastSeenAt: '2026-11-24T10:00:00.000Z',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0',
  },
  {
    id: 's2',
    current: false,
    createdAt: '2026-11-02T10:00:00.000Z',
    lastSeenAt: '2026-11-20T10:00:00.000Z',
    userAgent: 'Mozilla/5.0 (iPhone) Safari/605.1',
  },
];
const render = () => renderWithApp(<SecurityPage />, { route: '/account/security', user: testUser() });
const fill = (label: string, value: string) => userEvent.type(screen.getByLabelText(label), value);

describe('security page', TYPING, () => {
  it('lists the sessions with their devices', async () => {
    mockApi({ 'GET /api/auth/sessions': () => ({ json: SESSIONS }) });
    render();
    expect(await screen.findByText(/Chrome on Linux/)).toHaveTextContent('This device');
    expect(screen.getByText(/Safari on iOS/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out other sessions (1)' })).toBeEnabled();
  });

  it('asks for every field first, then shows the password rules, and sends nothing until they hold', async () => {
    const calls = mockApi({ 'GET /api/auth/sessions': () => ({ json: SESSIONS }) });
    render();
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in all fields');
    await fill('Current password', 'old password');
    await fill('New password', 'short');
    await fill('Confirm new password', 'shorter');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(screen.getByLabelText('New password')).toHaveAccessibleDescription('Password must be at least 8 characters long.'),
    );
    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription("Passwords don't match");
    expect(screen.queryByText('Please fill in all fields')).not.toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });

  it('sends the three fields, empties the form and reloads the sessions on success', async () => {
    let sessionReads = 0;
    const calls = mockApi({
      'GET /api/auth/sessions': () => ({ json: sessionReads++ === 0 ? SESSIONS : SESSIONS.slice(0, 1) }),
      'POST /api/auth/change-password': () => ({ json: { message: 'Password changed. 1 other session signed out.' } }),
    });
    render();
    await screen.findByRole('button', { name: 'Sign out other sessions (1)' });
    await fill('Current password', 'old password');
    await fill('New password', 'a new password');
    await fill('Confirm new password', 'a new password');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByRole('button', { name: 'Sign out other sessions' });
    expect(writes(calls)).toMatchObject([
      {
        method: 'POST',
        url: '/api/auth/change-password',
        body: { currentPassword: 'old password', newPassword: 'a new password', confirmPassword: 'a new password' },
      },
    ]);
    expect(screen.getByLabelText('Current password')).toHaveValue('');
    expect(screen.getByLabelText('New password')).toHaveValue('');
  });

  it('shows the server’s refusal under the field it names, or above the form', async () => {
    let answer = {
      status: 400,
      json: { message: 'That is not your current password.', field: 'currentPassword' } as Record<string, unknown>,
    };
    mockApi({ 'GET /api/auth/sessions': () => ({ json: SESSIONS }), 'POST /api/auth/change-password': () => answer });
    render();
    await fill('Current password', 'wrong password');
    await fill('New password', 'a new password');
    await fill('Confirm new password', 'a new password');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription('That is not your current password.'),
    );
    answer = { status: 429, json: { message: 'Too many attempts. Try again in a minute.' } };
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in a minute.');
  });
});
