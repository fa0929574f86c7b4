import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TAdminSubscription } from '@contract/admin';
import { mockApi } from '@web/test/mock-api';
import { renderWithApp, testUser } from '@web/test/render';
import SubscriptionsTab, { subscriptionsError } from './SubscriptionsTab';

afterEach(() => vi.unstubAllGlobals());

const sub = (over: Partial<TAdminSubscription>): TAdminSubscription => ({
  id: 'sub_1',
  status: 'active',
  isOrphaned: false,
  duplicateOf: null,
  cancelAtPeriodEnd: false,
  plan: 'pro',
  amount: 999,
  currency: 'usd',
  customerEmail: 'misty@example.test',
  currentPeriodStart: '2026-11-01T00:00:00.000Z',
  currentPeriodEnd: '2026-12-01T00:00:00.000Z',
  user: { firstName: 'Misty', lastName: null, username: 'misty', email: 'misty@example.test' },
  ...over,
});
const subs = [
  sub({}),
  sub({ id: 'sub_2', status: 'canceled', isOrphaned: true, user: null, customerEmail: null, cancelAtPeriodEnd: true }),
  sub({
    id: 'sub_3',
    status: 'past_due',
    amount: 1999,
    user: { firstName: null, lastName: null, username: 'brock', email: 'brock@example.test' },
    customerEmail: 'brock@example.test',
  }),
];
const render = () => renderWithApp(<SubscriptionsTab />, { user: testUser({ role: 'admin' }) });

describe('Payment-provider subscriptions (§2.7, §4)', () => {
  it('shows title, subtitle, four summary cards, badges in §4 colours, orphans and the dashboard link', async () => {
    mockApi({
      'GET /api/admin/stripe-subscriptions': () => ({
        json: { provider: 'stripe', dashboardUrl: 'https://dashboard.stripe.com', subscriptions: subs },
      }),
    });
    render();
    expect(await screen.findByText('Subscriptions (3)')).toBeInTheDocument();
    expect(screen.getByText('Stripe Subscriptions')).toBeInTheDocument();
    expect(screen.getByText('Monitor all Stripe subscriptions and identify orphaned records')).toBeInTheDocument();
    expect(screen.getByText('Total Subscriptions').nextSibling).toHaveTextContent('3');
    expect(screen.getByText('Active Subscriptions').nextSibling).toHaveTextContent('1');
    expect(screen.getByText('Orphaned Subscriptions').nextSibling).toHaveTextContent('1');
    expect(screen.getByText('No matching user found')).toBeInTheDocument();
    // Active only: 9.99, not the past_due 19.99.
    expect(screen.getByText('Monthly Revenue').nextSibling).toHaveTextContent('$9.99');
    expect(screen.getByText('Subscriptions (3)')).toBeInTheDocument();
    const rows = within(screen.getByRole('list', { name: 'Subscriptions' })).getAllByRole('listitem');
    expect(within(rows[0]).getByText('Active')).toHaveClass('bg-green-100');
    expect(within(rows[1]).getByText('Canceled')).toHaveClass('bg-red-100');
    expect(within(rows[2]).getByText('Past Due')).toHaveClass('bg-orange-100');
    expect(within(rows[1]).getByText('Orphaned')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Canceling')).toBeInTheDocument();
    expect(within(rows[1]).getByText(/No email/)).toBeInTheDocument();
    expect(within(rows[1]).getByText('No matching user found in database')).toBeInTheDocument();
    const link = within(rows[0]).getByRole('link', { name: /View in Stripe/ });
    expect(link).toHaveAttribute('href', 'https://dashboard.stripe.com/subscriptions/sub_1');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('searches id, email and username, filters by status and toggles Orphaned Only / Show All', async () => {
    mockApi({
      'GET /api/admin/stripe-subscriptions': () => ({
        json: { provider: 'stripe', dashboardUrl: 'https://dashboard.stripe.com', subscriptions: subs },
      }),
    });
    render();
    await userEvent.type(await screen.findByRole('searchbox'), 'brock');
    expect(screen.getByText('Subscriptions (1)')).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('searchbox'));
    await userEvent.selectOptions(screen.getByLabelText('Filter by status'), 'canceled');
    expect(screen.getByText('Subscriptions (1)')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Filter by status'), 'trialing');
    expect(screen.getByText('No subscriptions found matching your filters.')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Filter by status'), 'all');
    await userEvent.click(screen.getByRole('button', { name: 'Orphaned Only' }));
    expect(screen.getByText('Subscriptions (1)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show All' }));
    expect(screen.getByText('Subscriptions (3)')).toBeInTheDocument();
  });

  it('says when a subscription was a second Pro subscription of its user and was canceled automatically', async () => {
    const duplicate = sub({ id: 'sub_9', status: 'canceled', duplicateOf: 'sub_1' });
    mockApi({
      'GET /api/admin/stripe-subscriptions': () => ({
        json: { provider: 'stripe', dashboardUrl: 'https://dashboard.stripe.com', subscriptions: [sub({}), duplicate] },
      }),
    });
    render();
    const rows = within(await screen.findByRole('list', { name: 'Subscriptions' })).getAllByRole('listitem');
    expect(within(rows[0]).queryByText('Duplicate')).toBeNull();
    expect(within(rows[1]).getByText('Duplicate')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Second Pro subscription of this user (the first is sub_1): canceled automatically at the provider.');
  });

  it("shows §8's load error", async () => {
    mockApi({ 'GET /api/admin/stripe-subscriptions': () => ({ status: 500, json: { message: 'boom' } }) });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load Stripe subscriptions: 500: {"message":"boom"}. Please check your payment provider configuration and try again.',
    );
    expect(subscriptionsError('Stripe', '401: no')).toMatch(/Please refresh the page or re-login\.$/);
    expect(subscriptionsError('Stripe', undefined)).toContain('Unknown error');
  });
});
