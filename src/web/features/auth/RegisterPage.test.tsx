import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CURRENT_USER_KEY } from '@web/lib/auth';
import { mockApi } from '@web/test/mock-api';
import { renderWithApp, testUser } from '@web/test/render';
import RegisterPage from './RegisterPage';

afterEach(() => vi.unstubAllGlobals());

/** What the form sent (the app may also read the current user). */
const writes = (calls: ReturnType<typeof mockApi>) => calls.filter((c) => c.method !== 'GET');

const render = () => renderWithApp(<RegisterPage />, { route: '/register' });
const fill = (label: string, value: string) => userEvent.type(screen.getByLabelText(label), value);
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Create account' }));

// Typing key by key in jsdom on two shared cores can take seconds: room beyond the 5 s default.
describe('registration screen', { timeout: 20_000 }, () => {
  it('puts the contract’s rule under each field that breaks it and sends nothing', async () => {
    const calls = mockApi({});
    render();
    await fill('Username', 'ab');
    await fill('Email', 'ann@');
    await fill('Password', 'short');
    await submit();
    await waitFor(() => expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(/Username must be at least 3 characters$/));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter a valid email address');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(/Password must be at least 8 characters long\.$/);
    // The rule follows the typing once the form was sent.
    await fill('Username', '!');
    await waitFor(() =>
      expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(/Username may use letters, digits, dot, dash and underscore$/),
    );
    expect(writes(calls)).toEqual([]);
  });

  it('sends the account with empty names left out, signs in and goes to the dashboard', async () => {
    const created = testUser({ username: 'ann', email: 'ann@example.test', firstName: 'Ann' });
    const calls = mockApi({ 'POST /api/auth/register': () => ({ status: 201, json: created }) });
    const { queryClient } = render();
    await fill('First name (optional)', 'Ann');
    await fill('Username', ' ann ');
    await fill('Email', 'Ann@Example.test');
    await fill('Password', 'a long password');
    await submit();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/account/dashboard'));
    expect(writes(calls)).toHaveLength(1);
    expect(writes(calls)[0].body).toEqual({ username: 'ann', email: 'ann@example.test', password: 'a long password', firstName: 'Ann' });
    expect(queryClient.getQueryData(CURRENT_USER_KEY)).toEqual(created);
  });

  it('shows a taken username under its field, and a refusal without a field above the form', async () => {
    let answer: { status: number; json: Record<string, unknown> } = {
      status: 409,
      json: { message: 'That username is taken.', field: 'username' },
    };
    mockApi({ 'POST /api/auth/register': () => answer });
    render();
    await fill('Username', 'collector');
    await fill('Email', 'ann@example.test');
    await fill('Password', 'a long password');
    await submit();
    await waitFor(() => expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(/That username is taken\.$/));
    answer = { status: 503, json: { message: 'Registration is paused for maintenance.' } };
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration is paused for maintenance.');
    expect(screen.getByTestId('location')).toHaveTextContent('/register');
  });
});
