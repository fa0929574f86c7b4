/**
 * The back-office shell (spec §2.7): header, welcome line, Logout and the seven tabs, each a URL.
 * /admin, /admin/overview, /admin/dashboard and /admin/{hash} all show the Overview;
 * /admin/database/sync/{id} and /admin/{hash}/sync/{id} show a sync's detail inside the Database tab.
 */
import { lazy, Suspense } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LogOut } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { useAuth } from '@web/lib/auth';
import { useLogout } from '@web/features/nav/use-logout';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { useAdminHash } from './api';
import { OverviewTab } from './OverviewTab';

const UsersTab = lazy(() => import('./users/UsersTab'));
const SubmissionsTab = lazy(() => import('./SubmissionsTab'));
const OrdersTab = lazy(() => import('./OrdersTab'));
const SubscriptionsTab = lazy(() => import('./SubscriptionsTab'));
const DatabaseSyncMonitor = lazy(() =>
  import('@web/features/admin-sync/DatabaseSyncMonitor').then((m) => ({ default: m.DatabaseSyncMonitor })),
);
const SyncDetailPage = lazy(() => import('@web/features/admin-sync/SyncDetailPage').then((m) => ({ default: m.SyncDetailPage })));
const PricingTab = lazy(() => import('@web/features/admin-pricing/PricingTab').then((m) => ({ default: m.PricingTab })));

export const ADMIN_TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'users', label: 'Users' },
  { value: 'submissions', label: 'Submissions' },
  { value: 'orders', label: 'Orders' },
  { value: 'subscriptions', label: 'Subscriptions' },
  { value: 'database', label: 'Database' },
  { value: 'pricing', label: 'Pricing' },
] as const;
type TabValue = (typeof ADMIN_TABS)[number]['value'];

export const ACCESS_DENIED = "Access Denied - You don't have permission to access the admin dashboard.";
export const LOADING_TEXT = 'Loading admin dashboard...';

/** The sync log a path shows: /admin/database/sync/{id} or /admin/{hash}/sync/{id}. */
export function syncLogIdOfPath(pathname: string): string | null {
  const match = /^\/admin\/[^/]+\/sync\/([^/]+)\/?$/.exec(pathname);
  return match ? decodeURIComponent(match[1]) : null;
}

/** The tab a path shows: its first segment when it names one, else the Overview (/admin/{hash} included). */
export function tabOfPath(pathname: string): TabValue {
  if (syncLogIdOfPath(pathname)) return 'database';
  const segment = pathname.split('/')[2] ?? '';
  return ADMIN_TABS.find((t) => t.value === segment)?.value ?? 'overview';
}

function Loading() {
  return (
    <p role="status" className="py-12 text-center text-slate-600">
      {LOADING_TEXT}
    </p>
  );
}

export default function AdminPage() {
  const { user, isAdmin, isLoading } = useAuth();
  const hash = useAdminHash();
  const location = useLocation();
  const navigate = useNavigate();
  useDocumentTitle('Admin Dashboard');
  // Spec §2.6: a Logout from the admin shell ends at the landing page.
  const logout = useLogout({ to: '/', route: 'POST /api/logout' });

  if (isLoading) return <Loading />;
  if (!isAdmin) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center font-medium text-red-900">
          {ACCESS_DENIED}
        </p>
      </div>
    );
  }
  if (hash.isLoading) return <Loading />;
  const tab = tabOfPath(location.pathname);

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6">
      <header className="flex flex-wrap items-center justify-between gap-3 pb-4">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">Admin Dashboard</h1>
          <p className="text-slate-600">Welcome back, {user?.username}</p>
        </div>
        <Button variant="outline" onClick={() => logout.mutate()} disabled={logout.isPending}>
          <LogOut aria-hidden /> Logout
        </Button>
      </header>
      <Tabs value={tab} onValueChange={(value) => void navigate(`/admin/${value}`)}>
        {/* On a phone the seven tabs wrap onto a second row rather than hide off-screen (issue 24). */}
        <TabsList aria-label="Admin sections" className="max-md:flex-wrap max-md:overflow-visible">
          {ADMIN_TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <Suspense fallback={<Loading />}>
          {ADMIN_TABS.map((t) => (
            <TabsContent key={t.value} value={t.value} className="pt-6">
              {t.value === tab && <TabBody tab={t.value} hash={hash.data ?? ''} syncLogId={syncLogIdOfPath(location.pathname)} />}
            </TabsContent>
          ))}
        </Suspense>
      </Tabs>
    </div>
  );
}

function TabBody({ tab, hash, syncLogId }: { tab: TabValue; hash: string; syncLogId: string | null }) {
  switch (tab) {
    case 'overview':
      return <OverviewTab />;
    case 'users':
      return <UsersTab />;
    case 'submissions':
      return <SubmissionsTab />;
    case 'orders':
      return <OrdersTab />;
    case 'subscriptions':
      return <SubscriptionsTab />;
    case 'database':
      return syncLogId ? <SyncDetailPage syncLogId={syncLogId} /> : <DatabaseSyncMonitor />;
    case 'pricing':
      return <PricingTab hash={hash} />;
  }
}
