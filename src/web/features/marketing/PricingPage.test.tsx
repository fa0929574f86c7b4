import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@web/test/render';
import PricingPage from './PricingPage';

describe('pricing page', () => {
  it('opens the Pro tab from ?tab=pro', () => {
    renderWithApp(<PricingPage />, { route: '/pricing?tab=pro' });
    expect(screen.getByRole('tab', { name: 'Pro' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('link', { name: 'Go Pro' })).toHaveAttribute('href', '/account/checkout/subscriptions');
  });

  it('shows the credit packs in en-US dollars by default and switches tabs in the URL', async () => {
    renderWithApp(<PricingPage />, { route: '/pricing' });
    expect(screen.getByRole('tab', { name: 'Credits' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('link', { name: 'Buy 20 credits for $29.99' })).toHaveAttribute(
      'href',
      '/account/checkout/credits?package=standard',
    );
    expect(screen.getByText('$9.99')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Pro' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/pricing?tab=pro');
  });
});
