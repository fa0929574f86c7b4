import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import type { TCollectionSummary } from '@contract/collection';
import type { TUserCard } from '@contract/user-cards';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { useAuth } from '@web/lib/auth';
import { formatDate, formatDollars } from '@web/lib/format';
import { PageContainer, PageHeader } from '@web/features/account/PageHeader';
import { SummaryTiles } from './CollectionPage';

const STATUS_BADGE = { completed: 'green', processing: 'blue', pending: 'yellow', failed: 'red' } as const;

export default function DashboardPage() {
  const { user } = useAuth();
  const cards = useQuery<TUserCard[]>({ queryKey: ['/api/user-cards'], staleTime: 0 });
  const summary = useQuery<TCollectionSummary>({ queryKey: ['/api/collection/summary'], staleTime: 0 });
  const recent = (cards.data ?? []).filter((c) => c.latestGrading).sort((a, b) => b.latestGrading!.createdAt.localeCompare(a.latestGrading!.createdAt)).slice(0, 6);
  return (
    <PageContainer>
      <PageHeader
        title={`Welcome${user?.firstName ? `, ${user.firstName}` : ''}`}
        description={user?.accountType === 'pro' ? 'Pro plan · unlimited gradings' : `Starter plan · ${user?.credits ?? 0} credits`}
        actions={
          <Button asChild>
            <Link to={cards.data?.length ? '/account/card/add-card' : '/account/first-grade'}>
              <Plus aria-hidden /> Grade a card
            </Link>
          </Button>
        }
      />
      <div className="grid gap-6">
        {summary.data && <SummaryTiles s={summary.data} />}
        <Card>
          <CardHeader>
            <CardTitle>Recent gradings</CardTitle>
          </CardHeader>
          <CardContent>
            {recent.length === 0 ? (
              <p className="text-slate-700">
                Nothing graded yet. <Link to="/account/card/add-card" className="font-medium text-brand-700 underline">Add a card</Link> to get your first grade.
              </p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {recent.map((c) => (
                  <li key={c.id} className="flex flex-wrap items-center gap-3 py-3">
                    <Link to={c.latestGrading!.status === 'completed' ? `/account/collection/card-profile/${c.id}` : `/account/card/grading-progress/${c.id}`} className="font-medium text-brand-800 hover:underline">
                      {c.cardName}
                    </Link>
                    <Badge variant={STATUS_BADGE[c.latestGrading!.status]}>{c.latestGrading!.status}</Badge>
                    <span className="text-sm text-slate-600">{formatDate(c.latestGrading!.createdAt)}</span>
                    {c.latestGrading!.status === 'completed' && (
                      <span className="ml-auto text-sm font-semibold text-slate-900">
                        PSA {c.latestGrading!.psaGrade} · {formatDollars(c.latestGrading!.estimatedValue)}
                      </span>
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
