import { Navigate } from 'react-router';

/** Spec §2.3: old and shortcut paths. */
export const REDIRECTS: { from: string; to: string }[] = [
  { from: '/subscribe', to: '/account/checkout/subscriptions' },
  { from: '/account/credits', to: '/account/checkout/credits' },
  { from: '/account/billing/orders/:id', to: '/account/billing' },
  { from: '/account/upgrade-pro', to: '/pricing?tab=pro' },
  { from: '/checkout/success', to: '/account/dashboard' },
  { from: '/subscription/success', to: '/account/dashboard' },
];

export const redirectElement = (to: string) => <Navigate to={to} replace />;
