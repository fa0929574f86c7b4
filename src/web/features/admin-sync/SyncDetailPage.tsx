/**
 * Sync detail (spec §2.7, /admin/database/sync/{id} and /admin/{hash}/sync/{id}): the run's overview,
 * its Last Error, and the Event Timeline. Refreshes every 2 s while the run is running, unless paused,
 * and fetches the timeline once more when the run ends: the final events are written with the final
 * status, after the last 2-second fetch (a finished run showed 73 of its 86 events, issue 24.9).
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ArrowLeft, Pause, Play, RefreshCw } from 'lucide-react';
import { syncTypeLabel, type TSyncEvent, type TSyncEventType } from '@contract/catalogue-sync';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { JsonBlock } from '@web/components/ui/json-block';
import { formatDateTime, formatInteger } from '@web/lib/format';
import { useSyncActions, useSyncEvents, useSyncLog } from './api';
import { SyncProgress, SyncStatusBadge, progressPercent } from './parts';

export const DETAIL_REFRESH_MS = 2000;

export interface SyncDetailPageProps {
  /** The run; defaults to the route's `:syncLogId`. */
  syncLogId?: string;
  /** Where Back to Dashboard goes. */
  dashboardPath?: string;
}

const EVENT_VARIANT: Record<TSyncEventType, 'blue' | 'green' | 'yellow' | 'red'> = {
  info: 'blue',
  success: 'green',
  warning: 'yellow',
  error: 'red',
};

export function SyncDetailPage({ syncLogId, dashboardPath = '/admin/database' }: SyncDetailPageProps) {
  const params = useParams();
  const id = syncLogId ?? params.syncLogId ?? '';
  const navigate = useNavigate();
  const [autoRefresh, setAutoRefresh] = useState(true);
  const log = useSyncLog(id, (data) => (autoRefresh && data?.status === 'running' ? DETAIL_REFRESH_MS : false));
  const running = log.data?.status === 'running';
  const events = useSyncEvents(id, autoRefresh && running ? DETAIL_REFRESH_MS : false);
  const status = log.data?.status;
  const wasRunning = useRef(false);
  const refetchEvents = events.refetch;
  useEffect(() => {
    if (wasRunning.current && status && status !== 'running') void refetchEvents();
    wasRunning.current = status === 'running';
  }, [status, refetchEvents]);
  const actions = useSyncActions();

  const title = log.data ? `Sync Details - ${syncTypeLabel(log.data.type)} Population` : 'Sync Details';
  return (
    <section className="space-y-6" aria-labelledby="sync-detail-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <Button variant="outline" size="sm" onClick={() => void navigate(dashboardPath)}>
            <ArrowLeft aria-hidden /> Back to Dashboard
          </Button>
          <h2 id="sync-detail-title" className="text-2xl font-semibold text-slate-900">
            {title}
          </h2>
        </div>
        <div className="flex gap-2">
          {/* Spec §4: the view auto-refreshes only while running, so a finished run has nothing to pause. */}
          {running && (
            <Button variant="outline" size="sm" aria-pressed={autoRefresh} onClick={() => setAutoRefresh((on) => !on)}>
              {autoRefresh ? (
                <>
                  <Pause aria-hidden /> Pause
                </>
              ) : (
                <>
                  <Play aria-hidden /> Auto refresh
                </>
              )}
            </Button>
          )}
          <Button variant="outline" size="sm" onClick={() => void actions.refresh()}>
            <RefreshCw aria-hidden /> Refresh
          </Button>
        </div>
      </div>

      {log.isPending ? (
        <p className="text-sm text-slate-600">Loading sync details...</p>
      ) : !log.data ? (
        <p className="text-sm text-slate-600">Sync operation not found</p>
      ) : (
        <Card>
          <CardHeader className="flex-row items-center justify-between">
            <CardTitle className="text-lg">Overview</CardTitle>
            <div className="flex items-center gap-2">
              <SyncStatusBadge status={log.data.status} />
              {running && (
                <Button variant="destructive" size="sm" disabled={actions.cancel.isPending} onClick={() => actions.cancel.mutate(id)}>
                  Cancel
                </Button>
              )}
            </div>
          </CardHeader>
          <CardContent className="space-y-4">
            <dl className="grid grid-cols-2 gap-4 text-sm md:grid-cols-4">
              <Figure label="Started" value={formatDateTime(log.data.startedAt)} />
              <Figure label="Completed" value={log.data.completedAt ? formatDateTime(log.data.completedAt) : '—'} />
              <Figure label="Records Processed" value={formatInteger(log.data.processedRecords)} />
              <Figure label="Total Records" value={formatInteger(log.data.totalRecords)} />
              <Figure label="Progress" value={`${progressPercent(log.data)}%`} />
              <Figure label="Errors" value={formatInteger(log.data.errorCount)} />
              {log.data.metadata.currentPage != null && <Figure label="Current Page" value={String(log.data.metadata.currentPage)} />}
              {log.data.metadata.rowsWritten != null && (
                <Figure label="Rows Written" value={formatInteger(log.data.metadata.rowsWritten)} />
              )}
            </dl>
            <SyncProgress log={log.data} />
            {log.data.lastError && (
              <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
                <p className="font-semibold">Last Error</p>
                <p className="break-words">{log.data.lastError}</p>
              </div>
            )}
          </CardContent>
        </Card>
      )}

      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Event Timeline ({events.data?.length ?? 0} events)</CardTitle>
        </CardHeader>
        <CardContent>
          {!events.data?.length ? (
            <p className="text-sm text-slate-600">No events found for this sync operation</p>
          ) : (
            <ol className="space-y-3">
              {events.data.map((event) => (
                <EventRow key={event.id} event={event} />
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
    </section>
  );
}

const Figure = ({ label, value }: { label: string; value: string }) => (
  <div>
    <dt className="text-slate-600">{label}</dt>
    <dd className="font-semibold text-slate-900">{value}</dd>
  </div>
);

function EventRow({ event }: { event: TSyncEvent }) {
  const hasDetails = event.details && Object.keys(event.details).length > 0;
  return (
    <li className="rounded-md border border-slate-200 p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={EVENT_VARIANT[event.eventType]}>{event.eventType}</Badge>
        <time className="text-xs text-slate-600" dateTime={event.timestamp}>
          {formatDateTime(event.timestamp)}
        </time>
      </div>
      <p className="mt-1 text-slate-900">{event.message}</p>
      {hasDetails && (
        <details className="mt-1">
          <summary className="cursor-pointer text-xs text-brand-700">Details</summary>
          <JsonBlock value={event.details} label={`Details of the ${event.eventType} event`} className="mt-1" />
        </details>
      )}
    </li>
  );
}
