import { useMutation } from '@tanstack/react-query';
import type { TBillingResponse, TLedgerEntry } from '@contract/payments';
import { CREDIT_PACKAGES } from '@contract/plans';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { errorMessage } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { formatDate, formatDateTime, formatInteger } from '@web/lib/format';
import { formatMinorUnits } from './money';
import { OrderStatusBadge } from './OrderStatusBadge';
import { goToCheckout } from './use-payments';
import { api } from '@web/lib/api-client';

const packName = (id: string | null) => CREDIT_PACKAGES.find((p) => p.id === id)?.name ?? id ?? '';

function ledgerText(e: TLedgerEntry): string {
  switch (e.reason) {
    case 'purchase':
      return e.package ? `${packName(e.package)} pack purchased` : 'Credits purchased';
    case 'grading':
      return 'Card graded';
    case 'refund':
      return 'Failed grading refunded';
    case 'admin':
      return 'Changed by an administrator';
    case 'signup':
      return 'Welcome credits';
  }
}

export function LedgerCard({ billing }: { billing: TBillingResponse }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Credit history</CardTitle>
      </CardHeader>
      <CardContent>
        {billing.ledger.length === 0 ? (
          <p className="text-sm text-slate-600">No credit changes yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {billing.ledger.map((e) => (
              <li key={e.id} className="flex items-center justify-between gap-3 py-2.5 text-sm">
                <span>
                  <span className="block font-medium text-slate-900">{ledgerText(e)}</span>
                  <span className="block text-xs text-slate-600">{formatDateTime(e.createdAt)}</span>
                </span>
                <span className={cn('font-semibold tabular-nums', e.delta > 0 ? 'text-green-800' : 'text-slate-800')}>
                  {e.delta > 0 ? '+' : '−'}
                  {formatInteger(Math.abs(e.delta))}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

export function OrdersCard({ billing }: { billing: TBillingResponse }) {
  const resume = useMutation({
    mutationFn: (id: string) => api('POST /api/payments/orders/:id/checkout', { params: { id } }),
    onSuccess: (r) => goToCheckout(r.url),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Orders</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {resume.isError && <Alert variant="destructive">{errorMessage(resume.error)}</Alert>}
        {billing.orders.length === 0 ? (
          <p className="text-sm text-slate-600">No orders found</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {billing.orders.map((o) => (
              <li key={o.id} className="grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-1 py-3 text-sm" data-testid="order-row">
                <span className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                  {packName(o.package)} pack <Badge variant="default">{formatInteger(o.credits)} credits</Badge>
                </span>
                <span className="text-right font-semibold tabular-nums text-slate-900">{formatMinorUnits(o.amount, o.currency)}</span>
                <span className="text-xs text-slate-600">
                  {formatDate(o.createdAt)} · Order {o.id.slice(0, 8)}
                </span>
                <span className="flex items-center justify-end gap-2">
                  {o.status === 'pending' && (
                    <Button size="sm" variant="link" className="h-auto p-0" onClick={() => resume.mutate(o.id)} disabled={resume.isPending}>
                      Finish paying
                    </Button>
                  )}
                  <OrderStatusBadge status={o.status} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** Pro payments (issue 24.6): each paid month, so Billing lists every payment, not only credit packs. */
export function ProPaymentsCard({ billing }: { billing: TBillingResponse }) {
  if (billing.proPayments.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Pro payments</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-100">
          {billing.proPayments.map((p) => (
            <li key={p.id} className="grid grid-cols-[1fr_auto] items-center gap-x-4 py-3 text-sm" data-testid="pro-payment-row">
              <span className="font-medium text-slate-900">Pro plan · {formatDate(p.paidAt)}</span>
              <span className="text-right font-semibold tabular-nums text-slate-900">{formatMinorUnits(p.amount, p.currency)}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
