import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@web/test/mock-api';
import { renderWithApp, testUser } from '@web/test/render';
import ProfileEditPage from './ProfileEditPage';

afterEach(() => vi.unstubAllGlobals());

const TYPING = { timeout: 20_000 };
const user = testUser({ email: 'misty@example.test', firstName: 'Misty' });
const render = () => renderWithApp(<ProfileEditPage />, { route: '/account/profile/edit', user });
const writes = (calls: ReturnType<typeof mockApi>) => calls.filter((c) => c.method !== 'GET');

describe('edit profile', TYPING, () => {
  it('saves names without asking for the password', async () => {
    const calls = mockApi({ 'PUT /api/auth/profile': (body) => ({ json: { ...user, ...(body as object) } }) });
    render();
    await userEvent.clear(await screen.findByLabelText('First name'));
    await userEvent.type(screen.getByLabelText('First name'), 'Kasumi');
    expect(screen.queryByLabelText('Current password')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].body).toEqual({ firstName: 'Kasumi', lastName: null, email: 'misty@example.test' });
  });

  it('asks for the current password when the email changes, sends it, and shows a refusal under it', async () => {
    const calls = mockApi({
      'PUT /api/auth/profile': () => ({
        status: 400,
        json: { code: 'validation', message: 'Your current password is not correct.', field: 'currentPassword' },
      }),
    });
    render();
    await userEvent.clear(await screen.findByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'new@example.test');
    await userEvent.type(await screen.findByLabelText('Current password'), 'not it');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(/Your current password is not correct\./),
    );
    expect(writes(calls)[0].body).toEqual({ firstName: 'Misty', lastName: null, email: 'new@example.test', currentPassword: 'not it' });
  });
});
