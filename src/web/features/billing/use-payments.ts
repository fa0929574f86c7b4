import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreditPackageId } from '@contract/plans';
import { CURRENT_USER_KEY } from '@web/lib/auth';
import { api, useApiQuery } from '@web/lib/api-client';

export const BILLING_KEY = ['/api/payments/billing'] as const;

export const useBilling = () => useApiQuery('GET /api/payments/billing', { queryKey: BILLING_KEY, staleTime: 0 });

/** Leaves for the provider's hosted checkout page (ours in test mode, or Stripe's). */
export function goToCheckout(url: string) {
  window.location.assign(url);
}

export function useCreditCheckout() {
  return useMutation({
    mutationFn: (pkg: TCreditPackageId) => api('POST /api/payments/checkout/credits', { body: { package: pkg } }),
    onSuccess: (r) => goToCheckout(r.url),
  });
}

export function useProCheckout() {
  return useMutation({
    mutationFn: () => api('POST /api/payments/checkout/subscription'),
    onSuccess: (r) => goToCheckout(r.url),
  });
}

/** Cancel at period end / Resume: the billing data comes back in the answer; the plan chip refreshes. */
export function useSubscriptionChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'cancel' | 'resume') =>
      api(action === 'cancel' ? 'POST /api/payments/subscription/cancel' : 'POST /api/payments/subscription/resume'),
    onSuccess: (billing) => {
      queryClient.setQueryData(BILLING_KEY, billing);
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    },
  });
}

export function usePortal() {
  return useMutation({
    mutationFn: () => api('POST /api/payments/portal'),
    onSuccess: (r) => goToCheckout(r.url),
  });
}

/** One of the caller's orders, polled every 1.5 s until the webhook has settled it (success pages never grant). */
export function useOrderUntilSettled(orderId: string | null) {
  return useApiQuery('GET /api/payments/orders/:id', {
    params: { id: orderId ?? '' },
    queryKey: ['/api/payments/orders', orderId],
    enabled: !!orderId,
    staleTime: 0,
    refetchInterval: (q) => (q.state.data && q.state.data.status !== 'pending' && q.state.data.status !== 'processing' ? false : 1500),
  });
}
