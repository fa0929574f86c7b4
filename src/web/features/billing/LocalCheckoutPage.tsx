import { useMutation } from '@tanstack/react-query';
import { FlaskConical, Lock } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { PageSpinner } from '@web/components/ui/spinner';
import { ApiError, errorMessage } from '@web/lib/api';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { formatMinorUnits } from './money';
import { goToCheckout } from './use-payments';
import { TestCardNumberField } from './TestCardNumberField';
import { api, useApiQuery } from '@web/lib/api-client';

export function TestModeBanner() {
  return (
    <div
      role="note"
      className="flex items-center justify-center gap-2 bg-amber-300 px-4 py-2 text-sm font-bold tracking-wide text-slate-900"
    >
      <FlaskConical aria-hidden className="size-4" /> TEST MODE — built-in test payment provider, no real money moves
    </div>
  );
}

/** Groups digits by four as people read them off a card. */

/** The built-in provider's hosted checkout: what Stripe's page does, in test mode. */
export default function LocalCheckoutPage() {
  useDocumentTitle('Test checkout');
  const { sessionId = '' } = useParams();
  const session = useApiQuery('GET /api/payments/local/sessions/:id', {
    params: { id: sessionId ?? '' },
    queryKey: ['/api/payments/local/sessions', sessionId],
    retry: false,
  });
  const [card, setCard] = useState('');
  const pay = useMutation({
    mutationFn: () => api('POST /api/payments/local/sessions/:id/pay', { params: { id: sessionId ?? '' }, body: { cardNumber: card } }),
    onSuccess: (r) => goToCheckout(r.redirectUrl),
  });
  const cancel = useMutation({
    mutationFn: () => api('POST /api/payments/local/sessions/:id/cancel', { params: { id: sessionId ?? '' } }),
    onSuccess: (r) => goToCheckout(r.redirectUrl),
  });
  const s = session.data;
  const fieldError = pay.error instanceof ApiError && pay.error.field === 'cardNumber' ? errorMessage(pay.error) : undefined;

  return (
    <div className="min-h-screen bg-slate-100">
      <TestModeBanner />
      <main className="mx-auto grid max-w-md gap-6 px-4 py-10">
        <p className="flex items-center gap-2 text-sm font-semibold text-slate-700">
          <Lock aria-hidden className="size-4" /> GradeVault test checkout
        </p>
        {session.isLoading && <PageSpinner />}
        {session.isError && <Alert variant="destructive">{errorMessage(session.error, 'This checkout does not exist.')}</Alert>}
        {s && (
          <Card>
            <CardHeader>
              <h1 className="text-sm font-medium text-slate-600">{s.mode === 'subscription' ? 'Subscribe to' : 'Pay for'}</h1>
              <CardTitle>{s.description}</CardTitle>
              <p className="text-3xl font-bold text-slate-900">
                {formatMinorUnits(s.amount, s.currency)}
                {s.interval && <span className="text-base font-medium text-slate-700"> / {s.interval}</span>}
              </p>
              {s.customerEmail && <p className="text-sm text-slate-600">{s.customerEmail}</p>}
            </CardHeader>
            <CardContent>
              {s.status !== 'open' ? (
                <Alert variant="warning">
                  {s.status === 'complete' ? 'This checkout is already paid.' : 'This checkout has expired. Start again from Billing.'}
                </Alert>
              ) : (
                <form
                  className="grid gap-4"
                  onSubmit={(e) => {
                    e.preventDefault();
                    pay.mutate();
                  }}
                >
                  <TestCardNumberField
                    label="Card number"
                    hint="Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined."
                    value={card}
                    onChange={setCard}
                    error={fieldError}
                  />
                  {pay.isError && !fieldError && <Alert variant="destructive">{errorMessage(pay.error)}</Alert>}
                  <Button type="submit" size="lg" disabled={pay.isPending || pay.isSuccess || cancel.isPending}>
                    {pay.isPending || pay.isSuccess ? 'Paying…' : `Pay ${formatMinorUnits(s.amount, s.currency)}`}
                  </Button>
                  <Button variant="ghost" onClick={() => cancel.mutate()} disabled={pay.isPending || cancel.isPending}>
                    Cancel and go back
                  </Button>
                </form>
              )}
            </CardContent>
          </Card>
        )}
      </main>
    </div>
  );
}
