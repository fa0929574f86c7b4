import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { CURRENT_USER_KEY, useAuth } from '@web/lib/auth';
import { formatInteger } from '@web/lib/format';
import { BILLING_KEY, useOrderUntilSettled } from './use-payments';

/** Give up polling after this long and say what to do instead. */
const PATIENCE_MS = 120_000;

function useRefreshAccountWhen(done: boolean) {
  const queryClient = useQueryClient();
  const fired = useRef(false);
  useEffect(() => {
    if (!done || fired.current) return;
    fired.current = true;
    // The plan chip and the billing page read these: refresh them without a reload.
    void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    void queryClient.invalidateQueries({ queryKey: BILLING_KEY });
  }, [done, queryClient]);
}

function Waiting({ title, text }: { title: string; text: string }) {
  return (
    <Alert className="mb-6 flex items-start gap-3">
      <Loader2 aria-hidden className="mt-0.5 size-5 shrink-0 animate-spin" />
      <span>
        <AlertTitle>{title}</AlertTitle>
        <AlertDescription>{text}</AlertDescription>
      </span>
    </Alert>
  );
}

function OrderProgress({ orderId }: { orderId: string }) {
  const order = useOrderUntilSettled(orderId);
  const status = order.data?.status;
  useRefreshAccountWhen(status === 'completed');
  if (order.isError)
    return (
      <Alert variant="destructive" className="mb-6">
        We couldn't find that order. Your orders are listed in Billing.
      </Alert>
    );
  if (status === 'completed')
    return (
      <Alert variant="success" className="mb-6">
        <AlertTitle>Payment complete</AlertTitle>
        <AlertDescription>{formatInteger(order.data!.credits)} credits were added to your account.</AlertDescription>
      </Alert>
    );
  if (status === 'failed' || status === 'expired')
    return (
      <Alert variant="destructive" className="mb-6">
        This payment did not go through, and no credits were added. You can try again from Buy credits.
      </Alert>
    );
  return <Waiting title="Payment received" text="Adding your credits… this page updates by itself." />;
}

function SubscriptionProgress() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const pro = user?.accountType === 'pro';
  useEffect(() => {
    if (pro) return;
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started > PATIENCE_MS) clearInterval(timer);
      else void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    }, 1500);
    return () => clearInterval(timer);
  }, [pro, queryClient]);
  useRefreshAccountWhen(pro);
  if (pro)
    return (
      <Alert variant="success" className="mb-6">
        <AlertTitle>Welcome to Pro</AlertTitle>
        <AlertDescription>Your gradings are now unlimited.</AlertDescription>
      </Alert>
    );
  return <Waiting title="Payment received" text="Switching your account to Pro… this page updates by itself." />;
}

/**
 * Shown where the provider sends the buyer back (/checkout/success and /subscription/success lead to
 * the dashboard, spec §2.3). It grants nothing: it waits for the webhook to have done so.
 */
export function PaymentProgress() {
  const [params] = useSearchParams();
  const orderId = params.get('order');
  if (orderId && /^[0-9a-f-]{36}$/i.test(orderId)) return <OrderProgress orderId={orderId} />;
  if (params.get('subscription') === 'pending') return <SubscriptionProgress />;
  return null;
}
