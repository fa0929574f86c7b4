import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@web/test/mock-api';
import { renderWithApp } from '@web/test/render';
import ForgotPasswordPage from './ForgotPasswordPage';

afterEach(() => vi.unstubAllGlobals());

describe('forgot password screen', { timeout: 20_000 }, () => {
  it('refuses an empty or malformed email with the contract’s sentence and sends nothing', async () => {
    const calls = mockApi({});
    renderWithApp(<ForgotPasswordPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Send reset code' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'ann@');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset code' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter a valid email address');
    expect(calls).toEqual([]);
  });

  it('asks for an email of email type, then shows Check Your Email with resend and back links', async () => {
    const calls = mockApi({ 'POST /api/auth/forgot-password': () => ({ json: { message: 'sent' } }) });
    renderWithApp(<ForgotPasswordPage />);
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    await userEvent.type(email, 'ann@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset code' }));
    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/auth/login');
    await userEvent.click(screen.getByRole('button', { name: 'Resend Email' }));
    expect(calls.map((c) => c.body)).toEqual([{ email: 'ann@example.test' }, { email: 'ann@example.test' }]);
  });

  it('stays on the email step when sending fails', async () => {
    mockApi({ 'POST /api/auth/forgot-password': () => ({ status: 429, json: { message: 'Too many requests' } }) });
    renderWithApp(<ForgotPasswordPage />);
    await userEvent.type(screen.getByLabelText('Email'), 'ann@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset code' }));
    await screen.findByRole('button', { name: 'Send reset code' });
    expect(screen.queryByRole('heading', { name: 'Check Your Email' })).not.toBeInTheDocument();
  });
});
