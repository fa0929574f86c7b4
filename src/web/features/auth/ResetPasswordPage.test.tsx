import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@web/test/mock-api';
import { renderWithApp } from '@web/test/render';
import ResetPasswordPage from './ResetPasswordPage';

afterEach(() => vi.unstubAllGlobals());

const fill = async (label: string | RegExp, value: string) => userEvent.type(screen.getByLabelText(label), value);

// Typing key by key in jsdom on two shared cores can take seconds: room beyond the 5 s default.
describe('reset password screen', { timeout: 20_000 }, () => {
  it('prefills the email and limits the code to 6 characters with the spec hint', () => {
    renderWithApp(<ResetPasswordPage />, { route: '/auth/reset-password?email=ann%40example.test' });
    expect(screen.getByLabelText('Email')).toHaveValue('ann@example.test');
    const code = screen.getByLabelText('Reset code');
    expect(code).toHaveAttribute('maxLength', '6');
    expect(code).toHaveAccessibleDescription('6-digit code from email');
  });

  it('shows the password rules live while typing', async () => {
    renderWithApp(<ResetPasswordPage />);
    await fill('New password', 'short');
    expect(screen.getByText('Password too short')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters long.')).toBeInTheDocument();
    await fill('New password', 'er-and-longer');
    expect(screen.queryByText('Password too short')).not.toBeInTheDocument();
    await fill('Confirm password', 'different');
    expect(screen.getByText("Passwords don't match")).toBeInTheDocument();
    expect(screen.getByText('Please make sure both password fields match.')).toBeInTheDocument();
  });

  it('asks for every field before calling the server', async () => {
    const calls = mockApi({});
    renderWithApp(<ResetPasswordPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in all fields');
    expect(calls).toHaveLength(0);
  });

  it('puts the contract’s rule under the field it concerns, and says each password rule once', async () => {
    const calls = mockApi({});
    renderWithApp(<ResetPasswordPage />, { route: '/auth/reset-password?email=ann%40example.test' });
    await fill('Reset code', '12a');
    await fill('New password', 'short');
    await fill('Confirm password', 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Reset code')).toHaveAccessibleDescription(
        '6-digit code from email The reset code is the 6-digit code from the email',
      ),
    );
    expect(screen.queryByText('Please fill in all fields')).not.toBeInTheDocument();
    expect(screen.getAllByText('Password must be at least 8 characters long.')).toHaveLength(1);
    expect(calls).toHaveLength(0);
  });

  it('toggles each password field between hidden and shown', async () => {
    renderWithApp(<ResetPasswordPage />);
    const input = screen.getByLabelText('New password');
    expect(input).toHaveAttribute('type', 'password');
    const [toggle] = screen.getAllByRole('button', { name: 'Show password' });
    await userEvent.click(toggle);
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('sends the four fields and goes to /auth/login on success', async () => {
    const calls = mockApi({ 'POST /api/auth/reset-password': () => ({ json: { message: 'ok' } }) });
    renderWithApp(<ResetPasswordPage />, { route: '/auth/reset-password?email=ann%40example.test' });
    await fill('Reset code', '1234567');
    await fill('New password', 'new-password-1');
    await fill('Confirm password', 'new-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth/login'));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      body: { email: 'ann@example.test', resetCode: '123456', newPassword: 'new-password-1', confirmPassword: 'new-password-1' },
    });
  });
});
