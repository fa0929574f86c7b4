import { Check, Crown } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { PRO_PLAN } from '@contract/plans';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { errorMessage } from '@web/lib/api';
import { useAuth } from '@web/lib/auth';
import { formatCents } from '@web/lib/format';
import { PageContainer, PageHeader } from '@web/features/account/PageHeader';
import { useProCheckout } from './use-payments';

export default function ProCheckoutPage() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const checkout = useProCheckout();
  const pro = user?.accountType === 'pro';

  return (
    <PageContainer>
      <PageHeader title="Go Pro" description="Unlimited gradings for one monthly price. Cancel any time." />
      {params.get('canceled') && (
        <Alert variant="warning" className="mb-6">
          Checkout was cancelled. Nothing was charged.
        </Alert>
      )}
      <Card className="mx-auto max-w-lg border-2 border-brand-700">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Crown aria-hidden className="size-5 text-amber-600" /> {PRO_PLAN.name}
          </CardTitle>
          <p className="text-4xl font-bold text-slate-900">
            {formatCents(PRO_PLAN.priceCents)}
            <span className="text-base font-medium text-slate-700"> / {PRO_PLAN.interval}</span>
          </p>
        </CardHeader>
        <CardContent className="grid gap-6">
          <ul className="grid gap-3">
            {PRO_PLAN.perks.map((perk) => (
              <li key={perk} className="flex gap-2 text-slate-800">
                <Check aria-hidden className="mt-0.5 size-5 shrink-0 text-green-700" /> {perk}
              </li>
            ))}
          </ul>
          {pro ? (
            <div className="grid gap-3">
              <Alert variant="success">You're on Pro: gradings are unlimited.</Alert>
              <Button asChild variant="outline" size="lg">
                <Link to="/account/billing">See your plan in Billing</Link>
              </Button>
            </div>
          ) : (
            <div className="grid gap-2">
              {checkout.isError && <Alert variant="destructive">{errorMessage(checkout.error)}</Alert>}
              <Button size="lg" onClick={() => checkout.mutate()} disabled={checkout.isPending || checkout.isSuccess}>
                {checkout.isPending || checkout.isSuccess
                  ? 'Opening checkout…'
                  : `Subscribe for ${formatCents(PRO_PLAN.priceCents)} a ${PRO_PLAN.interval}`}
              </Button>
              <p className="text-xs text-slate-600">Your credits stay on your account and count again if you ever leave Pro.</p>
            </div>
          )}
        </CardContent>
      </Card>
    </PageContainer>
  );
}
