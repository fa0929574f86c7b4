import { Check, CreditCard } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { packageFromQuery } from '@contract/payments';
import { CREDIT_PACKAGES, DEFAULT_CREDIT_PACKAGE, type TCreditPackageId } from '@contract/plans';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { errorMessage } from '@web/lib/api';
import { useAuth } from '@web/lib/auth';
import { cn } from '@web/lib/cn';
import { formatCents, formatInteger } from '@web/lib/format';
import { PageContainer, PageHeader } from '@web/features/account/PageHeader';
import { useCancelReturnedOrder, useCreditCheckout } from './use-payments';

const A_CREDIT_BUYS = [
  'One full grading of a card from its photos',
  'PSA-, BGS- and CGC-style grades with sub-grades',
  'Annotated evidence images and decision logs',
  'Estimated values per platform',
];

export default function CreditsCheckoutPage() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  // Local state answers the click at once; the URL follows so a reload or a shared link keeps the choice.
  const [selected, setSelected] = useState<TCreditPackageId>(() => packageFromQuery(params.get('package')));
  const pkg = CREDIT_PACKAGES.find((p) => p.id === selected)!;
  const checkout = useCreditCheckout();
  useCancelReturnedOrder(params.get('canceled') ? params.get('order') : null);
  const choose = (id: TCreditPackageId) => {
    setSelected(id);
    setParams({ package: id }, { replace: true });
  };

  return (
    <PageContainer>
      <PageHeader
        title="Buy credits"
        description={
          user ? `You have ${formatInteger(user.credits)} credit${user.credits === 1 ? '' : 's'}. Credits never expire.` : undefined
        }
      />
      {params.get('canceled') && (
        <Alert variant="warning" className="mb-6">
          Checkout was cancelled. Nothing was charged.
        </Alert>
      )}
      {user?.accountType === 'pro' && (
        <Alert className="mb-6">You're on Pro: gradings are unlimited, so you don't need credits while Pro lasts.</Alert>
      )}
      <div className="grid gap-6 lg:grid-cols-3">
        <fieldset className="grid content-start gap-4 lg:col-span-2">
          <legend className="mb-3 text-lg font-semibold text-slate-900">Choose a pack</legend>
          {CREDIT_PACKAGES.map((p) => (
            // The label's text is the package's name and blurb below, in expressions the rule cannot read.
            // eslint-disable-next-line jsx-a11y/label-has-associated-control
            <label
              key={p.id}
              className={cn(
                'flex cursor-pointer items-center gap-4 rounded-xl border bg-white p-4 shadow-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
                p.id === selected ? 'border-2 border-brand-700' : 'border-slate-200 hover:border-slate-300',
              )}
            >
              <input
                type="radio"
                name="package"
                value={p.id}
                checked={p.id === selected}
                onChange={() => choose(p.id)}
                className="size-4 accent-brand-700"
              />
              <span className="flex-1">
                <span className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                  {p.name} · {formatInteger(p.credits)} credits {p.id === DEFAULT_CREDIT_PACKAGE && <Badge>Most popular</Badge>}
                </span>
                <span className="block text-sm text-slate-700">{p.blurb}</span>
              </span>
              <span className="text-right">
                <span className="block text-lg font-bold text-slate-900">{formatCents(p.priceCents)}</span>
                <span className="block text-xs text-slate-600">{formatCents(Math.round(p.priceCents / p.credits))} per grading</span>
              </span>
            </label>
          ))}
        </fieldset>
        <Card className="h-fit">
          <CardHeader>
            <CardTitle>Order summary</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <dl className="grid gap-2 text-sm">
              <div className="flex justify-between">
                <dt className="text-slate-600">Pack</dt>
                <dd className="font-medium text-slate-900">{pkg.name}</dd>
              </div>
              <div className="flex justify-between">
                <dt className="text-slate-600">Credits</dt>
                <dd className="font-medium text-slate-900">{formatInteger(pkg.credits)}</dd>
              </div>
              <div className="flex justify-between border-t border-slate-100 pt-2 text-base">
                <dt className="font-semibold text-slate-900">Total</dt>
                <dd className="font-bold text-slate-900">{formatCents(pkg.priceCents)} USD</dd>
              </div>
            </dl>
            <div>
              <p className="text-sm font-semibold text-slate-900">Each credit buys</p>
              <ul className="mt-2 grid gap-1.5 text-sm text-slate-700">
                {A_CREDIT_BUYS.map((t) => (
                  <li key={t} className="flex gap-2">
                    <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-green-700" /> {t}
                  </li>
                ))}
              </ul>
            </div>
            {checkout.isError && <Alert variant="destructive">{errorMessage(checkout.error)}</Alert>}
            <Button size="lg" onClick={() => checkout.mutate(pkg.id)} disabled={checkout.isPending || checkout.isSuccess}>
              <CreditCard aria-hidden />{' '}
              {checkout.isPending || checkout.isSuccess ? 'Opening checkout…' : `Pay ${formatCents(pkg.priceCents)}`}
            </Button>
            <p className="text-xs text-slate-600">
              You'll pay on our payment provider's secure page. Credits are added as soon as the payment is confirmed.
            </p>
          </CardContent>
        </Card>
      </div>
    </PageContainer>
  );
}
