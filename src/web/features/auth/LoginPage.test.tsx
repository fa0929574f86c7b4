import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CURRENT_USER_KEY } from '@web/lib/auth';
import { forgetSessionEnded, markSessionEnded } from '@web/lib/session-ended';
import { mockApi } from '@web/test/mock-api';
import { renderWithApp, testUser } from '@web/test/render';
import LoginPage from './LoginPage';

afterEach(() => vi.unstubAllGlobals());

/** What the form sent (the app may also read the current user). */
const writes = (calls: ReturnType<typeof mockApi>) => calls.filter((c) => c.method !== 'GET');

const render = (route = '/login') => renderWithApp(<LoginPage />, { route });
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

// Typing key by key in jsdom on two shared cores can take seconds: room beyond the 5 s default.
describe('sign-in screen', { timeout: 20_000 }, () => {
  it('asks for both fields under each one and sends nothing', async () => {
    const calls = mockApi({});
    render();
    await submit();
    expect(screen.getByLabelText('Username or email')).toHaveAccessibleDescription('Enter your username or email');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Enter your password');
    await userEvent.type(screen.getByLabelText('Username or email'), '   ');
    await submit();
    expect(screen.getByLabelText('Username or email')).toHaveAccessibleDescription('Enter your username or email');
    expect(writes(calls)).toEqual([]);
  });

  it('sends the trimmed username and the password as typed, then goes to the page it was sent from', async () => {
    const user = testUser();
    const calls = mockApi({ 'POST /api/auth/login': () => ({ json: user }) });
    const { queryClient } = render('/login?next=%2Faccount%2Fsecurity');
    await userEvent.type(screen.getByLabelText('Username or email'), '  collector ');
    await userEvent.type(screen.getByLabelText('Password'), ' pass word ');
    await submit();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/account/security'));
    expect(writes(calls)).toMatchObject([
      { method: 'POST', url: '/api/auth/login', body: { username: 'collector', password: ' pass word ' } },
    ]);
    expect(queryClient.getQueryData(CURRENT_USER_KEY)).toEqual(user);
  });

  it('never follows a next link to another site', async () => {
    mockApi({ 'POST /api/auth/login': () => ({ json: testUser() }) });
    render('/login?next=%2F%2Fevil.example');
    await userEvent.type(screen.getByLabelText('Username or email'), 'collector');
    await userEvent.type(screen.getByLabelText('Password'), 'password1');
    await submit();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/account/dashboard'));
  });

  it('shows a refusal under the field the server names, and any other one above the form', async () => {
    let answer: { status: number; json: Record<string, unknown> } = {
      status: 401,
      json: { message: 'Wrong username or password.', field: 'password' },
    };
    mockApi({ 'POST /api/auth/login': () => answer });
    render();
    await userEvent.type(screen.getByLabelText('Username or email'), 'collector');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong password');
    await submit();
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Wrong username or password.'));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    answer = { status: 429, json: { message: 'Too many sign-in attempts. Try again in 15 minutes.' } };
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many sign-in attempts. Try again in 15 minutes.');
  });

  it('says why when a 401 sent the user here, on every mount of this page load, until the user signs in', () => {
    mockApi({});
    markSessionEnded();
    const first = render('/login?next=%2Faccount%2Fsecurity');
    expect(screen.getByText('You are logged out. Logging in again...').parentElement).toHaveTextContent(
      'UnauthorizedYou are logged out. Logging in again...',
    );
    // The mark is gone from storage: a later page load does not repeat it.
    expect(Object.keys(sessionStorage).filter((k) => k.includes('session-ended'))).toEqual([]);
    first.unmount();
    // Mounted again on arrival (a phone's layout settling): it still says why.
    const second = render('/login?next=%2Faccount%2Fsecurity');
    expect(screen.getByText('You are logged out. Logging in again...')).toBeInTheDocument();
    second.unmount();
    forgetSessionEnded();
    render();
    expect(screen.queryByText('You are logged out. Logging in again...')).toBeNull();
  });
});
