/**
 * Database Sync Monitor (spec §2.7, /admin/database): three start cards, Auto Refresh (off by default,
 * every 3 s) and Refresh, and the Sync History. `detailsPath` is where
 * View Details goes.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Database, Layers, RefreshCw, Rows3 } from 'lucide-react';
import { syncTypeLabel, type TSyncLog, type TSyncType } from '@contract/catalogue-sync';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { formatInteger } from '@web/lib/format';
import { useSyncActions, useSyncLogs } from './api';
import { SyncProgress, SyncStatusBadge, SyncTime, stoppedOnPage } from './parts';

export const MONITOR_REFRESH_MS = 3000;

const START_CARDS: { type: TSyncType; title: string; description: string; icon: typeof Database }[] = [
  { type: 'sets', title: 'Sync Sets', description: 'Fetch every set from the catalogue source.', icon: Layers },
  { type: 'cards', title: 'Sync Cards', description: 'Fetch every card and its market prices, page by page.', icon: Rows3 },
  { type: 'full', title: 'Full Sync', description: 'Sets first, then cards and prices.', icon: Database },
];

export interface DatabaseSyncMonitorProps {
  detailsPath?: (id: string) => string;
}

export function DatabaseSyncMonitor({ detailsPath = (id) => `/admin/database/sync/${id}` }: DatabaseSyncMonitorProps) {
  const [autoRefresh, setAutoRefresh] = useState(false);
  const logs = useSyncLogs(autoRefresh ? MONITOR_REFRESH_MS : false);
  const actions = useSyncActions();

  return (
    <section className="space-y-6" aria-labelledby="sync-monitor-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="sync-monitor-title" className="text-2xl font-semibold text-slate-900">
          Database Sync Monitor
        </h2>
        <div className="flex items-center gap-3">
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              role="switch"
              className="size-4 accent-brand-700"
              checked={autoRefresh}
              onChange={(e) => setAutoRefresh(e.target.checked)}
            />
            Auto Refresh
          </label>
          <Button variant="outline" size="sm" onClick={() => void actions.refresh()}>
            <RefreshCw aria-hidden /> Refresh
          </Button>
        </div>
      </div>

      <div className="grid gap-4 md:grid-cols-3">
        {START_CARDS.map(({ type, title, description, icon: Icon }) => (
          <Card key={type}>
            <CardHeader>
              <CardTitle className="flex items-center gap-2 text-lg">
                <Icon aria-hidden className="size-5 text-brand-700" /> {title}
              </CardTitle>
              <CardDescription>{description}</CardDescription>
            </CardHeader>
            <CardContent>
              <Button className="w-full" disabled={actions.start.isPending} onClick={() => actions.start.mutate(type)}>
                Start {title}
              </Button>
            </CardContent>
          </Card>
        ))}
      </div>

      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Sync History</CardTitle>
        </CardHeader>
        <CardContent>
          {logs.isPending ? (
            <p className="text-sm text-slate-600">Loading sync history...</p>
          ) : !logs.data?.length ? (
            <p className="text-sm text-slate-600">No sync operations found</p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {logs.data.map((log) => (
                <SyncHistoryRow
                  key={log.id}
                  log={log}
                  detailsPath={detailsPath(log.id)}
                  onCancel={() => actions.cancel.mutate(log.id)}
                  onResume={() => actions.resume.mutate(log.id)}
                  busy={actions.cancel.isPending || actions.resume.isPending}
                />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </section>
  );
}

function SyncHistoryRow({
  log,
  detailsPath,
  onCancel,
  onResume,
  busy,
}: {
  log: TSyncLog;
  detailsPath: string;
  onCancel: () => void;
  onResume: () => void;
  busy: boolean;
}) {
  const stopped = stoppedOnPage(log);
  return (
    <li className="space-y-2 py-4" aria-label={`${syncTypeLabel(log.type)} Sync`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <SyncStatusBadge status={log.status} />
          <span className="font-medium text-slate-900">{syncTypeLabel(log.type)} Sync</span>
        </div>
        <div className="flex flex-wrap gap-2">
          {log.status === 'running' && (
            <Button variant="destructive" size="sm" disabled={busy} onClick={onCancel}>
              Cancel
            </Button>
          )}
          {(log.status === 'failed' || log.status === 'cancelled') && (
            <Button variant="outline" size="sm" disabled={busy} onClick={onResume}>
              Resume
            </Button>
          )}
          <Button variant="ghost" size="sm" asChild>
            <Link to={detailsPath}>View Details</Link>
          </Button>
        </div>
      </div>
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
        <SyncTime label="Started" at={log.startedAt} />
        <SyncTime label="Completed" at={log.completedAt} />
        <span>Errors: {formatInteger(log.errorCount)}</span>
      </div>
      <SyncProgress log={log} />
      {stopped && (
        <p className="text-sm text-red-800">
          {stopped}
          {log.lastError ? `: ${log.lastError}` : ''}
        </p>
      )}
    </li>
  );
}
