/** Overview (§2.7): four tiles, Recent Activity and System Info — the checks are measured by the server. */
import { Activity, CreditCard, Layers, Users } from 'lucide-react';
import type { TCheck } from '@contract/admin';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Badge } from '@web/components/ui/badge';
import { formatDateTime, formatInteger } from '@web/lib/format';
import { useAdminQuery } from './api';
import { StatusBadge } from './badges';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const STATE_TEXT = { ok: 'Healthy', degraded: 'Degraded', down: 'Down' } as const;
const STATE_VARIANT = { ok: 'green', degraded: 'yellow', down: 'red' } as const;

function Tile({ label, value, icon: Icon }: { label: string; value: number | undefined; icon: typeof Users }) {
  return (
    <Card>
      <CardContent className="flex items-center justify-between p-5">
        <div>
          <p className="text-sm font-medium text-slate-600">{label}</p>
          <p className="text-2xl font-semibold tabular-nums text-slate-900">{value === undefined ? '—' : formatInteger(value)}</p>
        </div>
        <Icon aria-hidden className="size-6 text-slate-400" />
      </CardContent>
    </Card>
  );
}

function CheckRow({ label, check }: { label: string; check: TCheck }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <span className="font-medium text-slate-900">{label}</span>
      <span className="flex items-center gap-2 text-sm text-slate-600">
        <span>{check.detail}</span>
        <Badge variant={STATE_VARIANT[check.status]}>{check.status === 'ok' ? (OK_TEXT[label] ?? 'OK') : STATE_TEXT[check.status]}</Badge>
      </span>
    </li>
  );
}
/** §2.7's labels when the check passes. */
const OK_TEXT: Record<string, string> = {
  Database: 'Connected',
  API: 'Operational',
  Server: 'Running',
  'Job Queue': 'Running',
  'Image Store': 'Connected',
};

export function OverviewTab() {
  const { data } = useAdminQuery('GET /api/admin/:hash/stats', {}, undefined, { refetchInterval: 30_000 });
  return (
    <div className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Tile label="Total Users" value={data?.totalUsers} icon={Users} />
        <Tile label="Total Cards" value={data?.totalCards} icon={Layers} />
        <Tile label="Total Gradings" value={data?.totalGradings} icon={Activity} />
        <Tile label="Credits Issued" value={data?.totalCreditsIssued} icon={CreditCard} />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Recent Activity</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3">
            <dl className="grid grid-cols-3 gap-3 text-sm">
              <div>
                <dt className="text-slate-600">Activity</dt>
                <dd className="text-lg font-semibold">{data ? formatInteger(data.recentActivity.length) : '—'}</dd>
              </div>
              <div>
                <dt className="text-slate-600">Total Revenue</dt>
                <dd className="text-lg font-semibold">{data ? usd.format(data.totalRevenue) : '—'}</dd>
              </div>
              <div>
                <dt className="text-slate-600">System Status</dt>
                <dd>{data ? <Badge variant={STATE_VARIANT[data.system.status]}>{STATE_TEXT[data.system.status]}</Badge> : '—'}</dd>
              </div>
            </dl>
            <ul className="divide-y divide-slate-100">
              {data?.recentActivity.map((a) => (
                <li key={`${a.kind}-${a.id}`} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                  <span className="text-slate-900">{a.description}</span>
                  <span className="flex items-center gap-2 text-slate-600">
                    {formatDateTime(a.createdAt)} <StatusBadge status={a.status} />
                  </span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>System Info</CardTitle>
          </CardHeader>
          <CardContent>
            {data ? (
              <ul className="divide-y divide-slate-100">
                <CheckRow label="Database" check={data.system.database} />
                <CheckRow label="API" check={data.system.api} />
                <CheckRow label="Server" check={data.system.server} />
                <CheckRow label="Job Queue" check={data.system.jobQueue} />
                <CheckRow label="Image Store" check={data.system.imageStore} />
              </ul>
            ) : (
              <p className="text-slate-600">Checking…</p>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
