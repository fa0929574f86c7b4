import { Coins } from 'lucide-react';
import { Link } from 'react-router';
import { DEFAULT_CREDIT_PACKAGE } from '@contract/plans';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { PageSpinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { formatInteger } from '@web/lib/format';
import { PageContainer, PageHeader } from '@web/features/account/PageHeader';
import { LedgerCard, OrdersCard, ProPaymentsCard } from './HistoryLists';
import { PlanCard } from './PlanCard';
import { useBilling } from './use-payments';

export default function BillingPage() {
  const billing = useBilling();
  return (
    <PageContainer>
      <PageHeader title="Billing" description="Your plan, credits and orders." />
      {billing.data?.provider === 'local' && (
        <Alert variant="warning" className="mb-6">
          Test mode: payments go to the built-in test provider. No real card is charged.
        </Alert>
      )}
      {billing.isLoading && <PageSpinner />}
      {billing.isError && <Alert variant="destructive">{errorMessage(billing.error)}</Alert>}
      {billing.data && (
        <div className="grid gap-6 lg:grid-cols-2">
          <PlanCard billing={billing.data} />
          <Card>
            <CardHeader>
              <CardTitle>Credits</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4">
              <p className="flex items-center gap-2 text-3xl font-bold text-slate-900">
                <Coins aria-hidden className="size-7 text-amber-600" />
                <span data-testid="credit-balance">{formatInteger(billing.data.credits)}</span>
                <span className="text-base font-medium text-slate-700">credit{billing.data.credits === 1 ? '' : 's'}</span>
              </p>
              {billing.data.accountType === 'pro' && (
                <p className="text-sm text-slate-700">Pro gradings don't use credits; they wait here for you.</p>
              )}
              <Button asChild variant="outline" className="w-fit">
                <Link to={`/account/checkout/credits?package=${DEFAULT_CREDIT_PACKAGE}`}>Buy credits</Link>
              </Button>
            </CardContent>
          </Card>
          <OrdersCard billing={billing.data} />
          <ProPaymentsCard billing={billing.data} />
          <LedgerCard billing={billing.data} />
        </div>
      )}
    </PageContainer>
  );
}
