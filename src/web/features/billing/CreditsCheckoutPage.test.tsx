import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TOrder } from '@contract/payments';
import { mockApi } from '@web/test/mock-api';
import { renderWithApp, testUser } from '@web/test/render';
import CreditsCheckoutPage from './CreditsCheckoutPage';

const ORDER_ID = '11111111-2222-4333-8444-555555555555';
const cancelled: TOrder = {
  id: ORDER_ID,
  package: 'small',
  credits: 5,
  amount: 999,
  currency: 'usd',
  status: 'cancelled',
  createdAt: '2026-11-23T10:00:00.000Z',
  completedAt: null,
};

describe('the page the checkout’s Cancel returns to (issue 24.7)', () => {
  it('cancels the order the cancel URL names, once', async () => {
    const calls = mockApi({ [`POST /api/payments/orders/${ORDER_ID}/cancel`]: () => ({ json: cancelled }) });
    renderWithApp(<CreditsCheckoutPage />, {
      route: `/account/checkout/credits?package=small&canceled=1&order=${ORDER_ID}`,
      user: testUser(),
    });
    expect(await screen.findByText('Checkout was cancelled. Nothing was charged.')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.url).toContain(`/api/payments/orders/${ORDER_ID}/cancel`);
  });

  it('cancels nothing without the cancel flag', async () => {
    const calls = mockApi({});
    renderWithApp(<CreditsCheckoutPage />, { route: `/account/checkout/credits?package=small&order=${ORDER_ID}`, user: testUser() });
    expect(await screen.findByRole('heading', { name: 'Buy credits' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
