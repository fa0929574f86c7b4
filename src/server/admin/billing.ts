/** Credit orders and the provider-subscription mirror, as the back-office lists them (spec §2.7). */
import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { TAdminOrdersResponse, TAdminSubscriptionsResponse, ZAdminOrdersRequest } from '@contract/admin';
import type { Db } from '../db/client';
import { orders, providerSubscriptions, users } from '../db/schema';
import { toOrder } from '../payments/orders';

/** Subscriptions are searched and filtered in the browser (§2.7); this bounds what one call sends. */
export const SUBSCRIPTIONS_LIMIT = 5000;

export function createAdminBillingService(db: Db, provider: 'stripe' | 'local') {
  return {
    async orders(query: z.infer<typeof ZAdminOrdersRequest>): Promise<TAdminOrdersResponse> {
      const { page, pageSize } = query;
      const rows = await db
        .select({ o: orders, username: users.username })
        .from(orders)
        .leftJoin(users, eq(users.id, orders.userId))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(pageSize + 1)
        .offset((page - 1) * pageSize);
      return {
        items: rows.slice(0, pageSize).map(({ o, username }) => ({ ...toOrder(o), user: username ? { username } : null })),
        page,
        pageSize,
        hasMore: rows.length > pageSize,
      };
    },

    /** The mirror of the provider's subscriptions; orphaned = no user of ours is linked to it. */
    async subscriptions(): Promise<TAdminSubscriptionsResponse> {
      const rows = await db
        .select({
          s: providerSubscriptions,
          user: { firstName: users.firstName, lastName: users.lastName, username: users.username, email: users.email },
        })
        .from(providerSubscriptions)
        .leftJoin(users, eq(users.id, providerSubscriptions.userId))
        .orderBy(desc(providerSubscriptions.createdAt))
        .limit(SUBSCRIPTIONS_LIMIT);
      return {
        provider,
        dashboardUrl: provider === 'stripe' ? 'https://dashboard.stripe.com' : null,
        subscriptions: rows.map(({ s, user }) => ({
          id: s.id,
          status: s.status,
          isOrphaned: !user?.username,
          duplicateOf: s.duplicateOf,
          cancelAtPeriodEnd: s.cancelAtPeriodEnd,
          plan: s.plan,
          amount: s.amount,
          currency: s.currency,
          customerEmail: s.customerEmail,
          currentPeriodStart: s.currentPeriodStart?.toISOString() ?? null,
          currentPeriodEnd: s.currentPeriodEnd?.toISOString() ?? null,
          user: user?.username ? { firstName: user.firstName, lastName: user.lastName, username: user.username, email: user.email } : null,
        })),
      };
    },
  };
}
