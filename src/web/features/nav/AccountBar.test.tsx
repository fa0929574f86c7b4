import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { avatarLetter } from '@web/lib/auth';
import { renderWithApp, testUser } from '@web/test/render';
import { AccountBar } from './AccountBar';

describe('account bar', () => {
  it('shows STARTER with the credit count linking to the standard credit package', () => {
    renderWithApp(<AccountBar />, { route: '/account/profile', user: testUser({ credits: 1250 }) });
    const chip = screen.getByRole('link', { name: /^STARTER .*, starter plan/ });
    expect(chip).toHaveTextContent('1,250 credits');
    expect(chip).toHaveAttribute('href', '/account/checkout/credits?package=standard');
    expect(screen.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('shows PRO Unlimited linking to billing', () => {
    renderWithApp(<AccountBar />, { route: '/', user: testUser({ accountType: 'pro' }) });
    const chip = screen.getByRole('link', { name: /^PRO Unlimited gradings, Pro plan/ });
    expect(chip).toHaveTextContent('Unlimited');
    expect(chip).toHaveAttribute('href', '/account/billing');
  });

  it.each(['admin', 'super_admin'] as const)('links Admin for %s', (role) => {
    renderWithApp(<AccountBar />, { route: '/', user: testUser({ role }) });
    expect(screen.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin/dashboard');
  });

  it.each(['/login', '/register', '/logout-success'])('is hidden on %s', (route) => {
    renderWithApp(<AccountBar />, { route, user: testUser() });
    expect(screen.queryByRole('navigation', { name: 'Account' })).not.toBeInTheDocument();
  });

  it('is hidden when signed out', () => {
    renderWithApp(<AccountBar />, { route: '/' });
    expect(screen.queryByRole('navigation', { name: 'Account' })).not.toBeInTheDocument();
  });
});

describe('avatar letter', () => {
  it('uses the first name, else the email, else U', () => {
    expect(avatarLetter({ firstName: 'casey', email: 'x@y.z' })).toBe('C');
    expect(avatarLetter({ firstName: null, email: 'zoe@y.z' })).toBe('Z');
    expect(avatarLetter({ firstName: '  ', email: '' })).toBe('U');
    expect(avatarLetter(null)).toBe('U');
  });
});
