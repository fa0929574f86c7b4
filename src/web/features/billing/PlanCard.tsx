import { useState } from 'react';
import { Link } from 'react-router';
import type { TBillingResponse } from '@contract/payments';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { errorMessage } from '@web/lib/api';
import { formatDate } from '@web/lib/format';
import { formatMinorUnits } from './money';
import { usePortal, useSubscriptionChange } from './use-payments';

/** Spec §4's subscription badge colours. */
const STATUS = {
  active: { variant: 'green', label: 'Active' },
  canceled: { variant: 'red', label: 'Canceled' },
  incomplete: { variant: 'yellow', label: 'Incomplete' },
  trialing: { variant: 'blue', label: 'Trialing' },
  past_due: { variant: 'orange', label: 'Past due' },
} as const;

export function SubscriptionStatusBadge({ status }: { status: string }) {
  const s = STATUS[status as keyof typeof STATUS] ?? { variant: 'gray' as const, label: status.replace(/_/g, ' ') };
  return <Badge variant={s.variant}>{s.label}</Badge>;
}

export function PlanCard({ billing }: { billing: TBillingResponse }) {
  const change = useSubscriptionChange();
  const portal = usePortal();
  const [confirming, setConfirming] = useState(false);
  const sub = billing.subscription;
  const pro = billing.accountType === 'pro';
  const live = sub && ['active', 'trialing', 'past_due'].includes(sub.status);

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>Plan</CardTitle>
        <Badge variant={pro ? 'gold' : 'default'}>{pro ? 'PRO' : 'STARTER'}</Badge>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sub ? (
          <dl className="grid gap-2 text-sm">
            <div className="flex flex-wrap justify-between gap-2">
              <dt className="text-slate-600">Subscription</dt>
              <dd className="flex items-center gap-2 font-medium text-slate-900">
                {sub.plan} · {formatMinorUnits(sub.amount, sub.currency)} / month <SubscriptionStatusBadge status={sub.status} />
              </dd>
            </div>
            {sub.currentPeriodEnd && live && (
              <div className="flex flex-wrap justify-between gap-2">
                <dt className="text-slate-600">{sub.cancelAtPeriodEnd ? 'Pro ends on' : 'Renews on'}</dt>
                <dd className="font-medium text-slate-900">{formatDate(sub.currentPeriodEnd)}</dd>
              </div>
            )}
          </dl>
        ) : (
          <p className="text-sm text-slate-700">{pro ? 'Pro, granted by an administrator.' : 'Starter: each grading uses one credit.'}</p>
        )}
        {sub?.status === 'past_due' && (
          <Alert variant="warning">
            We couldn't charge your card for Pro. Update your payment method; Pro stays on until{' '}
            {sub.graceEndsAt ? formatDate(sub.graceEndsAt) : 'the grace period ends'}.
          </Alert>
        )}
        {sub?.cancelAtPeriodEnd && live && (
          <Alert>Your Pro plan is cancelled and stays on until the end of the period. You can resume it until then.</Alert>
        )}
        {(change.isError || portal.isError) && <Alert variant="destructive">{errorMessage(change.error ?? portal.error)}</Alert>}
        <div className="flex flex-wrap gap-2">
          {live && !sub.cancelAtPeriodEnd && !confirming && (
            <Button variant="outline" onClick={() => setConfirming(true)}>
              Cancel at period end
            </Button>
          )}
          {live && sub.cancelAtPeriodEnd && (
            <Button onClick={() => change.mutate('resume')} disabled={change.isPending}>
              Resume Pro
            </Button>
          )}
          {billing.orders.length + (sub ? 1 : 0) > 0 && (
            <Button variant="outline" onClick={() => portal.mutate()} disabled={portal.isPending}>
              Manage payment method
            </Button>
          )}
          {!live && !pro && (
            <Button asChild>
              <Link to="/account/checkout/subscriptions">Go Pro</Link>
            </Button>
          )}
        </div>
        {confirming && (
          <div role="group" aria-label="Confirm cancellation" className="grid gap-3 rounded-md border border-slate-200 bg-slate-50 p-4">
            <p className="text-sm text-slate-800">
              Cancel Pro at the end of this period{sub?.currentPeriodEnd ? ` (${formatDate(sub.currentPeriodEnd)})` : ''}? You keep Pro
              until then, and your credits stay on your account.
            </p>
            <div className="flex flex-wrap gap-2">
              <Button
                variant="destructive"
                disabled={change.isPending}
                onClick={() => change.mutate('cancel', { onSettled: () => setConfirming(false) })}
              >
                Yes, cancel at period end
              </Button>
              <Button variant="outline" onClick={() => setConfirming(false)}>
                Keep Pro
              </Button>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
