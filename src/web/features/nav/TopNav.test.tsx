import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp, testUser } from '@web/test/render';
import { TopNav } from './TopNav';

describe('phone menu', () => {
  it('lists every place a signed-in user can go, Admin for an administrator (issue 24)', async () => {
    renderWithApp(<TopNav />, { route: '/account/profile', user: testUser({ role: 'admin' }) });
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    for (const [name, href] of [
      ['Home', '/'],
      ['Dashboard', '/account/dashboard'],
      ['Collection', '/account/collection'],
      ['Account', '/account/profile'],
      ['Billing', '/account/billing'],
      ['Admin', '/admin/dashboard'],
    ])
      expect(within(menu).getByRole('link', { name })).toHaveAttribute('href', href);
    expect(within(menu).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('has no account links for a visitor', async () => {
    renderWithApp(<TopNav />, { route: '/' });
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    expect(within(menu).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
  });
});
