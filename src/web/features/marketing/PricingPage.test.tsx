import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@web/test/render';
import { SHARING_LINE } from '@contract/plans';
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

  it('says what the product does about sharing: every plan may share a public binder, not a Pro perk', () => {
    renderWithApp(<PricingPage />, { route: '/pricing?tab=pro' });
    expect(screen.queryByText(/public binders/i)).not.toBeInTheDocument();
    const row = screen.getByRole('row', { name: /Share a public binder by link/ });
    expect(row).toHaveTextContent('Share a public binder by linkIncludedIncluded');
    expect(screen.getByText(SHARING_LINE)).toBeInTheDocument();
  });
});
