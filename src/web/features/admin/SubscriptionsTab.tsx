/** Payment-provider subscriptions (§2.7, §4, §8): summary, search, filters, orphan toggle; refetched every 30 s. */
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { ADMIN_SUBSCRIPTION_FILTERS, type TAdminSubscription } from '@contract/admin';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { formatDate, formatInteger } from '@web/lib/format';
import { useAuth } from '@web/lib/auth';
import { parsedApi } from './api';
import { SubscriptionStatusBadge } from './badges';

export const SUBSCRIPTIONS_KEY = ['/api/admin/stripe-subscriptions'] as const;
const PROVIDER_NAME = { stripe: 'Stripe', local: 'Test Provider' } as const;
const FILTER_LABEL: Record<string, string> = {
  active: 'Active',
  canceled: 'Canceled',
  incomplete: 'Incomplete',
  trialing: 'Trialing',
  past_due: 'Past Due',
};
const money = (minor: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(minor / 100);

/** §8's text for a failed load. */
export function subscriptionsError(provider: string, message: string | undefined) {
  const text = message || 'Unknown error';
  return `Failed to load ${provider} subscriptions: ${text}. ${text.includes('401') ? 'Please refresh the page or re-login.' : 'Please check your payment provider configuration and try again.'}`;
}

export function matches(s: TAdminSubscription, search: string) {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return [s.id, s.customerEmail, s.user?.username, s.user?.email].some((v) => v?.toLowerCase().includes(q));
}

export default function SubscriptionsTab() {
  const { isAdmin } = useAuth();
  const query = useQuery({
    queryKey: SUBSCRIPTIONS_KEY,
    queryFn: () => parsedApi('GET /api/admin/stripe-subscriptions'),
    enabled: isAdmin,
    refetchInterval: 30_000,
    staleTime: 0,
  });
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('all');
  const [orphanedOnly, setOrphanedOnly] = useState(false);
  const subs = query.data?.subscriptions;
  const provider = PROVIDER_NAME[query.data?.provider ?? 'stripe'];
  const shown = useMemo(
    () => (subs ?? []).filter((s) => matches(s, search) && (status === 'all' || s.status === status) && (!orphanedOnly || s.isOrphaned)),
    [subs, search, status, orphanedOnly],
  );
  const active = (subs ?? []).filter((s) => s.status === 'active');
  // Monthly Revenue: active subscriptions only (§2.7), in the first one's currency (one currency per install).
  const revenue = active.reduce((n, s) => n + s.amount, 0);
  const currency = active[0]?.currency ?? 'usd';

  return (
    <div className="grid gap-6">
      <div>
        <h2 className="text-xl font-semibold text-slate-900">{provider} Subscriptions</h2>
        <p className="text-slate-600">Monitor all {provider} subscriptions and identify orphaned records</p>
      </div>
      {query.isError && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
          {subscriptionsError(provider, query.error instanceof Error ? query.error.message : undefined)}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Summary label="Total Subscriptions" value={subs ? formatInteger(subs.length) : '—'} />
        <Summary label="Active Subscriptions" value={subs ? formatInteger(active.length) : '—'} />
        <Summary
          label="Orphaned Subscriptions"
          value={subs ? formatInteger(subs.filter((s) => s.isOrphaned).length) : '—'}
          hint="No matching user found"
        />
        <Summary label="Monthly Revenue" value={subs ? money(revenue, currency) : '—'} />
      </div>
      <Card>
        <CardHeader className="grid gap-3">
          <div className="flex flex-wrap items-center gap-3">
            <Input
              type="search"
              aria-label="Search subscriptions"
              placeholder="Search by id, email or username…"
              className="max-w-sm"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
            <Select aria-label="Filter by status" value={status} onChange={(e) => setStatus(e.target.value)}>
              <option value="all">All Statuses</option>
              {ADMIN_SUBSCRIPTION_FILTERS.map((s) => (
                <option key={s} value={s}>
                  {FILTER_LABEL[s]}
                </option>
              ))}
            </Select>
            <Button variant={orphanedOnly ? 'default' : 'outline'} aria-pressed={orphanedOnly} onClick={() => setOrphanedOnly((v) => !v)}>
              {orphanedOnly ? 'Show All' : 'Orphaned Only'}
            </Button>
          </div>
          <CardTitle>Subscriptions ({formatInteger(shown.length)})</CardTitle>
        </CardHeader>
        <CardContent>
          {query.isLoading ? (
            <p role="status" className="text-slate-600">
              Loading subscriptions…
            </p>
          ) : shown.length === 0 ? (
            <p className="py-8 text-center text-slate-600">No subscriptions found matching your filters.</p>
          ) : (
            <ul className="divide-y divide-slate-100" aria-label="Subscriptions">
              {shown.map((s) => (
                <li key={s.id} className="grid gap-2 py-3 text-sm">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-mono font-medium">{s.id}</span>
                    <SubscriptionStatusBadge status={s.status} />
                    {s.isOrphaned && <Badge variant="red">Orphaned</Badge>}
                    {s.cancelAtPeriodEnd && <Badge variant="orange">Canceling</Badge>}
                    {s.duplicateOf && <Badge variant="red">Duplicate</Badge>}
                  </p>
                  {s.duplicateOf && (
                    <p className="text-red-800">
                      Second Pro subscription of this user (the first is {s.duplicateOf}):{' '}
                      {s.status === 'canceled' ? 'canceled automatically at the provider.' : 'being canceled at the provider.'} Refund its
                      payment from the provider's dashboard if one was taken.
                    </p>
                  )}
                  <p className="text-slate-700">
                    <span className="capitalize">{s.plan}</span> · {money(s.amount, s.currency)} · {s.customerEmail ?? 'No email'}
                  </p>
                  <p className="text-slate-600">
                    {s.currentPeriodStart ? formatDate(s.currentPeriodStart) : '—'} to{' '}
                    {s.currentPeriodEnd ? formatDate(s.currentPeriodEnd) : '—'}
                  </p>
                  {s.user ? (
                    <p className="text-slate-700">
                      {[s.user.firstName, s.user.lastName].filter(Boolean).join(' ') || '—'} · {s.user.username} · {s.user.email}
                    </p>
                  ) : (
                    <p className="text-red-800">No matching user found in database</p>
                  )}
                  {query.data?.dashboardUrl && (
                    <a
                      className="inline-flex items-center gap-1 text-brand-700 underline-offset-4 hover:underline"
                      href={`${query.data.dashboardUrl}/subscriptions/${encodeURIComponent(s.id)}`}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      View in {provider} <ExternalLink aria-hidden className="size-3.5" />
                    </a>
                  )}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function Summary({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card>
      <CardContent className="p-5">
        <p className="text-sm font-medium text-slate-600">{label}</p>
        <p className="text-2xl font-semibold tabular-nums text-slate-900">{value}</p>
        {hint && <p className="text-xs text-slate-600">{hint}</p>}
      </CardContent>
    </Card>
  );
}
