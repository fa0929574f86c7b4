import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@web/test/mock-api';
import { renderWithApp, testUser } from '@web/test/render';
import OrdersTab from './OrdersTab';
import { pathAnswer, PREFIX } from './test-data';

afterEach(() => vi.unstubAllGlobals());
const render = () => renderWithApp(<OrdersTab />, { user: testUser({ role: 'admin' }) });

describe('Credit Orders (§2.7)', () => {
  it('shows package, credits badge, user, order id, amount ÷ 100 with the currency upper-case, status badge', async () => {
    const order = {
      id: 'o-1',
      package: 'standard',
      credits: 10,
      amount: 1999,
      currency: 'usd',
      status: 'completed',
      user: { username: 'misty' },
      createdAt: '2026-11-20T10:00:00.000Z',
      completedAt: '2026-11-20T10:01:00.000Z',
    };
    mockApi({
      ...pathAnswer,
      [`GET ${PREFIX}/orders`]: () => ({
        json: { items: [order, { ...order, id: 'o-2', status: 'failed' }], page: 1, pageSize: 25, hasMore: false },
      }),
    });
    render();
    const rows = within(await screen.findByRole('list', { name: 'Orders' })).getAllByRole('listitem');
    expect(within(rows[0]).getByText('10 credits')).toBeInTheDocument();
    expect(within(rows[0]).getByText('19.99 USD')).toBeInTheDocument();
    expect(within(rows[0]).getByText('o-1')).toBeInTheDocument();
    expect(within(rows[0]).getByText(/misty/)).toBeInTheDocument();
    expect(within(rows[0]).getByText('Complete')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Pending')).toBeInTheDocument();
  });

  it("says 'No orders found' when empty", async () => {
    mockApi({ ...pathAnswer, [`GET ${PREFIX}/orders`]: () => ({ json: { items: [], page: 1, pageSize: 25, hasMore: false } }) });
    render();
    expect(await screen.findByText('No orders found')).toBeInTheDocument();
  });
});
