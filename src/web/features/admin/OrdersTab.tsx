/** Credit Orders (§2.7): package, credits badge, user, order id, date, amount ÷ 100 with the currency, status. */
import { useState } from 'react';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { formatDateTime } from '@web/lib/format';
import { useAdminQuery } from './api';
import { StatusBadge } from './badges';
import { Pager } from './Pager';

export const formatAmount = (minor: number, currency: string) => `${(minor / 100).toFixed(2)} ${currency.toUpperCase()}`;

export default function OrdersTab() {
  const [page, setPage] = useState(1);
  const { data, isPending: isLoading } = useAdminQuery('GET /api/admin/:hash/orders', {}, { page, pageSize: 25 });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Credit Orders</CardTitle>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <ul aria-label="Loading orders" className="grid gap-2">
            {[0, 1, 2].map((i) => (
              <li key={i} className="h-14 animate-pulse rounded-lg bg-slate-100" />
            ))}
          </ul>
        ) : !data?.items.length ? (
          <p className="py-8 text-center text-slate-600">No orders found</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Orders">
            {data.items.map((o) => (
              <li key={o.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="grid gap-1">
                  <p className="flex flex-wrap items-center gap-2 font-medium capitalize text-slate-900">
                    {o.package}{' '}
                    <Badge variant="blue" className="normal-case">
                      {o.credits} credits
                    </Badge>
                  </p>
                  <p className="text-sm text-slate-600">
                    {o.user?.username ?? 'Unknown'} · <span className="font-mono">{o.id}</span> · {formatDateTime(o.createdAt)}
                  </p>
                </div>
                <div className="flex items-center gap-3">
                  <span className="font-semibold tabular-nums">{formatAmount(o.amount, o.currency)}</span>
                  <StatusBadge status={o.status} />
                </div>
              </li>
            ))}
          </ul>
        )}
        <Pager page={page} hasMore={!!data?.hasMore} onPage={setPage} />
      </CardContent>
    </Card>
  );
}
