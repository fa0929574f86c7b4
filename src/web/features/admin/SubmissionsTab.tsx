/** Card Submissions (§2.7): server-side paging and a status filter; View Details for completed ones. */
import { useState } from 'react';
import { ADMIN_SUBMISSION_STATUSES, type TAdminSubmission, type TAdminSubmissionsRequest } from '@contract/admin';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Select } from '@web/components/ui/select';
import { formatDateTime } from '@web/lib/format';
import { useAdminQuery } from './api';
import { RarityBadge, StatusBadge } from './badges';
import { Pager } from './Pager';
import { GradingReportDialog } from './report/GradingReportDialog';

const STATUS_LABEL: Record<(typeof ADMIN_SUBMISSION_STATUSES)[number], string> = {
  completed: 'Complete',
  processing: 'Processing',
  pending: 'Pending',
  failed: 'Failed',
};

export default function SubmissionsTab() {
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<TAdminSubmission | null>(null);
  const { data, isPending: isLoading } = useAdminQuery(
    'GET /api/admin/:hash/submissions',
    {},
    {
      status: (status || undefined) as TAdminSubmissionsRequest['status'],
      page,
      pageSize: 25,
    },
  );
  return (
    <Card>
      <CardHeader className="flex flex-wrap items-center justify-between gap-3">
        <CardTitle>Card Submissions</CardTitle>
        <Select
          aria-label="Filter by status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            setPage(1);
          }}
        >
          <option value="">All statuses</option>
          {ADMIN_SUBMISSION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABEL[s]}
            </option>
          ))}
        </Select>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <ul aria-label="Loading submissions" className="grid gap-2">
            {[0, 1, 2].map((i) => (
              <li key={i} className="h-16 animate-pulse rounded-lg bg-slate-100" />
            ))}
          </ul>
        ) : !data?.items.length ? (
          <p className="py-8 text-center text-slate-600">No submissions found</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Submissions">
            {data.items.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="grid gap-1">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                    {s.cardName} <RarityBadge rarity={s.rarity} />{' '}
                    <Badge variant="default" className="font-mono">
                      {s.gradingId}
                    </Badge>
                  </p>
                  <p className="text-sm text-slate-600">
                    {s.cardSet} · #{s.cardNumber} · {s.user?.username ?? 'Unknown'} · {formatDateTime(s.createdAt)}
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  <StatusBadge status={s.status} />
                  {s.status === 'completed' && (
                    <Button variant="outline" size="sm" onClick={() => setOpen(s)} aria-label={`View Details of ${s.gradingId}`}>
                      View Details
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
        <Pager page={page} hasMore={!!data?.hasMore} onPage={setPage} />
      </CardContent>
      <GradingReportDialog submission={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
