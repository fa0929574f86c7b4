import { Plus, ScanSearch } from 'lucide-react';
import { Link } from 'react-router';
import { StatusBadge } from '@web/components/StatusBadge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { useAuth } from '@web/lib/auth';
import { CREDIT, formatCount, formatDate } from '@web/lib/format';
import { gradeAndValue } from '@web/features/grading/grade-scale';
import { GradeAndValueLine } from '@web/features/grading/GradeAndValue';
import { PageContainer, PageHeader } from '@web/features/account/PageHeader';
import { PaymentProgress } from '@web/features/billing/PaymentProgress';
import { SummaryTiles } from './SummaryTiles';
import { ValueChart } from './ValueChart';
import { useApiQuery } from '@web/lib/api-client';

export default function DashboardPage() {
  const { user } = useAuth();
  const cards = useApiQuery('GET /api/user-cards', { queryKey: ['/api/user-cards'], staleTime: 0 });
  const summary = useApiQuery('GET /api/collection/summary', { queryKey: ['/api/collection/summary'], staleTime: 0 });
  const recent = (cards.data ?? [])
    .filter((c) => c.latestGrading)
    .sort((a, b) => b.latestGrading!.createdAt.localeCompare(a.latestGrading!.createdAt))
    .slice(0, 6);
  return (
    <PageContainer>
      <PaymentProgress />
      <PageHeader
        title={`Welcome${user?.firstName ? `, ${user.firstName}` : ''}`}
        description={
          user?.accountType === 'pro' ? 'Pro plan · unlimited gradings' : `Starter plan · ${formatCount(user?.credits ?? 0, CREDIT)}`
        }
        actions={
          <>
            <Button asChild variant="outline">
              <Link to="/account/test-detection" title="See what the grading engine finds in a photo, before you spend a credit. Free.">
                <ScanSearch aria-hidden /> Check a photo
              </Link>
            </Button>
            <Button asChild>
              <Link to={cards.data?.length ? '/account/card/add-card' : '/account/first-grade'}>
                <Plus aria-hidden /> Grade a card
              </Link>
            </Button>
          </>
        }
      />
      <div className="grid gap-6">
        {summary.data && <SummaryTiles s={summary.data} />}
        {/* The trend only tells something from two months on; before that the tiles say it all. */}
        {summary.data && summary.data.valueHistory.length > 1 && (
          <Card>
            <CardHeader className="flex-row flex-wrap items-baseline justify-between gap-x-4">
              <CardTitle>Collection value</CardTitle>
              <Link to="/account/collection" className="text-sm font-medium text-brand-700 hover:underline">
                Open collection
              </Link>
            </CardHeader>
            <CardContent>
              <ValueChart points={summary.data.valueHistory} compact />
            </CardContent>
          </Card>
        )}
        <Card>
          <CardHeader>
            <CardTitle>Recent gradings</CardTitle>
          </CardHeader>
          <CardContent>
            {recent.length === 0 ? (
              <p className="text-slate-700">
                Nothing graded yet.{' '}
                <Link to="/account/card/add-card" className="font-medium text-brand-700 underline">
                  Add a card
                </Link>{' '}
                to get your first grade.
              </p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {recent.map((c) => (
                  <li key={c.id} className="flex flex-wrap items-center gap-3 py-3">
                    <Link
                      to={
                        c.latestGrading!.status === 'completed'
                          ? `/account/collection/card-profile/${c.id}`
                          : `/account/card/grading-progress/${c.id}`
                      }
                      className="font-medium text-brand-800 hover:underline"
                    >
                      {c.cardName}
                    </Link>
                    <StatusBadge status={c.latestGrading!.status} />
                    <span className="text-sm text-slate-600">{formatDate(c.latestGrading!.createdAt)}</span>
                    {c.latestGrading!.status === 'completed' && (
                      <GradeAndValueLine
                        className="ml-auto min-w-40 text-right"
                        shown={gradeAndValue(c.latestGrading!)}
                        source={c.latestGrading!.valueSource}
                      />
                    )}
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </PageContainer>
  );
}
