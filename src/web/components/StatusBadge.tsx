import { statusBadgeText } from '@contract/status-badge';
import { Badge } from '@web/components/ui/badge';

/**
 * A grading's or an order's status, from the one mapping (contract/status-badge.ts). `spec`: a list
 * spec §2.7 describes (admin submissions, orders, recent activity) — its word stays, and a failed or
 * expired one gets its outcome beside it. Elsewhere the outcome is the badge.
 */
export function StatusBadge({ status, spec = false }: { status: string; spec?: boolean }) {
  const b = statusBadgeText(status);
  if (!spec) return <Badge variant={b.tone}>{b.label}</Badge>;
  return (
    <>
      <Badge variant={b.outcome ? 'yellow' : b.tone}>{b.specLabel}</Badge>
      {b.outcome && <Badge variant={b.outcome.tone}>{b.outcome.label}</Badge>}
    </>
  );
}
