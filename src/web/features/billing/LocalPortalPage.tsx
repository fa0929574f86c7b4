import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { ApiError, errorMessage } from '@web/lib/api';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { TestModeBanner } from './LocalCheckoutPage';
import { TestCardNumberField } from './TestCardNumberField';
import { api } from '@web/lib/api-client';

/** The built-in provider's customer portal: change the card on file (a declining one lets you walk a failed renewal). */
export default function LocalPortalPage() {
  useDocumentTitle('Test payment method');
  const [params] = useSearchParams();
  const customer = params.get('customer') ?? '';
  const [card, setCard] = useState('');
  const save = useMutation({
    mutationFn: () => api('POST /api/payments/local/portal/card', { body: { customer, cardNumber: card } }),
  });
  const fieldError = save.error instanceof ApiError && save.error.field === 'cardNumber' ? errorMessage(save.error) : undefined;
  return (
    <div className="min-h-screen bg-slate-100">
      <TestModeBanner />
      <main className="mx-auto grid max-w-md gap-6 px-4 py-10">
        <Card>
          <CardHeader>
            <h1 className="sr-only">Test payment method</h1>
            <CardTitle>Payment method</CardTitle>
          </CardHeader>
          <CardContent>
            <form
              className="grid gap-4"
              onSubmit={(e) => {
                e.preventDefault();
                save.mutate();
              }}
            >
              <TestCardNumberField
                label="New card number"
                hint="4242 4242 4242 4242 pays; 4000 0000 0000 0002 makes the next renewal fail."
                value={card}
                onChange={setCard}
                error={fieldError}
              />
              {save.isError && !fieldError && <Alert variant="destructive">{errorMessage(save.error)}</Alert>}
              {save.isSuccess && <Alert variant="success">Card ending {save.data.last4} saved.</Alert>}
              <Button type="submit" disabled={save.isPending}>
                Save card
              </Button>
              <Button asChild variant="ghost">
                <Link to="/account/billing">Back to Billing</Link>
              </Button>
            </form>
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
