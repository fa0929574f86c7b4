/** Pieces both sync screens show: the status badge, the progress bar, a time. */
import type { TSyncLog, TSyncStatus } from '@contract/catalogue-sync';
import { Badge } from '@web/components/ui/badge';
import { formatDateTime, formatInteger } from '@web/lib/format';

const STATUS: Record<TSyncStatus, { label: string; variant: 'blue' | 'green' | 'red' | 'gray' }> = {
  running: { label: 'Running', variant: 'blue' },
  completed: { label: 'Completed', variant: 'green' },
  failed: { label: 'Failed', variant: 'red' },
  cancelled: { label: 'Cancelled', variant: 'gray' },
};

export const SyncStatusBadge = ({ status }: { status: TSyncStatus }) => (
  <Badge variant={STATUS[status].variant}>{STATUS[status].label}</Badge>
);

export const progressPercent = (log: Pick<TSyncLog, 'processedRecords' | 'totalRecords'>) =>
  log.totalRecords > 0 ? Math.min(100, Math.round((log.processedRecords / log.totalRecords) * 100)) : 0;

export function SyncProgress({ log }: { log: TSyncLog }) {
  if (log.totalRecords <= 0) return null;
  const percent = progressPercent(log);
  return (
    <div className="space-y-1">
      <div
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-label="Sync progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="h-full bg-brand-600 transition-all" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-xs text-slate-600">
        {formatInteger(log.processedRecords)}/{formatInteger(log.totalRecords)} records
      </p>
    </div>
  );
}

export const SyncTime = ({ label, at }: { label: string; at: string | null }) => (
  <span>
    {label}: {at ? formatDateTime(at) : '—'}
  </span>
);

/** 'Failed on page N' / 'Cancelled on page N' when the run stopped part-way. */
export function stoppedOnPage(log: TSyncLog): string | null {
  if ((log.status !== 'failed' && log.status !== 'cancelled') || log.metadata.currentPage == null) return null;
  return `${log.status === 'failed' ? 'Failed' : 'Cancelled'} on page ${log.metadata.currentPage}`;
}
