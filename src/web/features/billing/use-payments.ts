import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
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

/**
 * The checkout's Cancel returned here with the order (`?canceled=1&order=…`): mark it cancelled once, so
 * it does not stay Pending in Billing (issue 24.7). The server only moves a pending order of the caller.
 */
export function useCancelReturnedOrder(orderId: string | null) {
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: (id: string) => api('POST /api/payments/orders/:id/cancel', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BILLING_KEY }),
  });
  useEffect(() => {
    if (orderId) mutate(orderId);
  }, [orderId, mutate]);
}
