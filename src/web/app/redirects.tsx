import { Navigate, useLocation } from 'react-router';

/** Spec §2.3: old and shortcut paths. */
export const REDIRECTS: { from: string; to: string; keepQuery?: boolean }[] = [
  { from: '/subscribe', to: '/account/checkout/subscriptions' },
  { from: '/account/credits', to: '/account/checkout/credits' },
  { from: '/account/billing/orders/:id', to: '/account/billing' },
  { from: '/account/upgrade-pro', to: '/pricing?tab=pro' },
  // The payment provider returns here; the query (?order=… or ?subscription=pending) tells the dashboard what to wait for.
  { from: '/checkout/success', to: '/account/dashboard', keepQuery: true },
  { from: '/subscription/success', to: '/account/dashboard', keepQuery: true },
];

function NavigateKeepingQuery({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={`${to}${search}`} replace />;
}

export const redirectElement = (to: string, keepQuery = false) =>
  keepQuery ? <NavigateKeepingQuery to={to} /> : <Navigate to={to} replace />;
