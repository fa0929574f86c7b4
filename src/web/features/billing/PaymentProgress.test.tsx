import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TOrder } from '@contract/payments';
import { mockApi } from '@web/test/mock-api';
import { renderWithApp, testUser } from '@web/test/render';
import { AccountBar } from '@web/features/nav/AccountBar';
import { PaymentProgress } from './PaymentProgress';

const ORDER_ID = '11111111-2222-4333-8444-555555555555';
const order = (status: TOrder['status']): TOrder => ({
  id: ORDER_ID,
  package: 'standard',
  credits: 20,
  amount: 2999,
  currency: 'usd',
  status,
  createdAt: '2026-11-23T10:00:00.000Z',
  completedAt: null,
});

afterEach(() => vi.unstubAllGlobals());

describe('the page the provider returns to', () => {
  it('waits for the webhook (never grants), then says the credits arrived and refreshes the plan chip', async () => {
    let status: TOrder['status'] = 'pending';
    let credits = 3;
    const calls = mockApi({
      [`GET /api/payments/orders/${ORDER_ID}`]: () => ({ json: order(status) }),
      'GET /api/auth/user': () => ({ json: testUser({ credits }) }),
    });
    renderWithApp(
      <>
        <AccountBar />
        <PaymentProgress />
      </>,
      { route: `/account/dashboard?order=${ORDER_ID}`, user: testUser({ credits: 3 }) },
    );
    expect(await screen.findByText('Adding your credits… this page updates by itself.')).toBeInTheDocument();
    // Only reads: the page itself asks for nothing to be granted.
    expect(calls.every((c) => c.method === 'GET')).toBe(true);

    // The webhook lands on the server.
    status = 'completed';
    credits = 23;
    expect(await screen.findByText('20 credits were added to your account.', {}, { timeout: 5_000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: /starter plan/ })).toHaveTextContent('23 credits'));
    expect(calls.every((c) => c.method === 'GET')).toBe(true);
  });

  it('says plainly when the payment did not go through', async () => {
    mockApi({ [`GET /api/payments/orders/${ORDER_ID}`]: () => ({ json: order('expired') }) });
    renderWithApp(<PaymentProgress />, { route: `/account/dashboard?order=${ORDER_ID}`, user: testUser() });
    expect(await screen.findByText(/This payment did not go through, and no credits were added/)).toBeInTheDocument();
  });

  it('shows nothing on an ordinary visit', () => {
    const { container } = renderWithApp(<PaymentProgress />, { route: '/account/dashboard', user: testUser() });
    expect(container.querySelector('[role="status"]')).toBeNull();
  });
});
