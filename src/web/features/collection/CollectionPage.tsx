import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Globe, Lock, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { TBinderSummary } from '@contract/binders';
import type { TCollectionSummary } from '@contract/collection';
import type { TUserCard } from '@contract/user-cards';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { apiRequest, errorMessage } from '@web/lib/api';
import { formatDollars } from '@web/lib/format';
import { PageContainer, PageHeader } from '@web/features/account/PageHeader';
import { ValueChart } from './ValueChart';

const SORTS = { newest: 'Newest', value: 'Highest value', grade: 'Highest grade', name: 'Name' } as const;

export function SummaryTiles({ s }: { s: TCollectionSummary }) {
  const gain = Number(s.gainLoss);
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {[
        ['Cards', `${s.totalCards} (${s.gradedCards} graded)`],
        ['Estimated value', formatDollars(s.estimatedValue)],
        ['Cost', formatDollars(s.totalCost)],
        ['Gain / loss', `${gain >= 0 ? '+' : ''}${formatDollars(s.gainLoss)}${s.roiPercent == null ? '' : ` (${s.roiPercent >= 0 ? '+' : ''}${s.roiPercent.toFixed(1)}%)`}`],
      ].map(([k, v]) => (
        <div key={k} className="rounded-xl border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-600">{k}</dt>
          <dd className={`text-lg font-bold ${k === 'Gain / loss' ? (gain >= 0 ? 'text-green-800' : 'text-red-800') : 'text-slate-900'}`}>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function Binders() {
  const queryClient = useQueryClient();
  const binders = useQuery<TBinderSummary[]>({ queryKey: ['/api/binders'], staleTime: 0 });
  const [name, setName] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['/api/binders'] });
  const create = useMutation({
    mutationFn: () => apiRequest('POST', '/api/binders', { name }),
    onSuccess: () => (setName(''), refresh(), toast.success('Binder created')),
    onError: (e) => toast.error('Error', { description: errorMessage(e) }),
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: Record<string, unknown> }) => apiRequest('PATCH', `/api/binders/${id}`, body),
    onSuccess: () => refresh(),
    onError: (e) => toast.error('Error', { description: errorMessage(e) }),
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/binders/${id}`),
    onSuccess: () => (refresh(), toast.success('Binder deleted')),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Binders</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form className="flex items-end gap-2" onSubmit={(e) => (e.preventDefault(), name.trim() && create.mutate())}>
          <FormField label="New binder name">
            <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={80} />
          </FormField>
          <Button type="submit" disabled={!name.trim() || create.isPending}>
            <Plus aria-hidden /> Create
          </Button>
        </form>
        <ul className="divide-y divide-slate-100">
          {(binders.data ?? []).map((b) => (
            <li key={b.id} className="flex flex-wrap items-center gap-2 py-3">
              <Link to={`/account/collection/binder-detail/${b.id}`} className="font-medium text-brand-700 hover:underline">
                {b.name}
              </Link>
              <span className="text-sm text-slate-600">
                {b.cardCount} cards · {formatDollars(b.totalValue)}
              </span>
              <div className="ml-auto flex gap-1">
                <Button size="sm" variant="ghost" aria-pressed={b.isPublic} onClick={() => update.mutate({ id: b.id, body: { isPublic: !b.isPublic } })}>
                  {b.isPublic ? <Globe aria-hidden /> : <Lock aria-hidden />} {b.isPublic ? 'Public' : 'Private'}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => {
                    const next = window.prompt('Rename binder', b.name);
                    if (next && next.trim() && next !== b.name) update.mutate({ id: b.id, body: { name: next.trim() } });
                  }}
                >
                  Rename
                </Button>
                <Button size="sm" variant="ghost" aria-label={`Delete ${b.name}`} onClick={() => window.confirm(`Delete the binder “${b.name}”? Its cards stay in your collection.`) && remove.mutate(b.id)}>
                  <Trash2 aria-hidden />
                </Button>
              </div>
            </li>
          ))}
          {binders.data?.length === 0 && <li className="py-3 text-sm text-slate-600">No binders yet.</li>}
        </ul>
      </CardContent>
    </Card>
  );
}

export default function CollectionPage() {
  const cards = useQuery<TUserCard[]>({ queryKey: ['/api/user-cards'], staleTime: 0 });
  const summary = useQuery<TCollectionSummary>({ queryKey: ['/api/collection/summary'], staleTime: 0 });
  const [q, setQ] = useState('');
  const [sort, setSort] = useState<keyof typeof SORTS>('newest');
  const [graded, setGraded] = useState<'all' | 'graded' | 'ungraded'>('all');
  const shown = useMemo(() => {
    const needle = q.trim().toLowerCase();
    const value = (c: TUserCard) => Number(c.latestGrading?.estimatedValue ?? 0);
    const list = (cards.data ?? []).filter(
      (c) =>
        (!needle || `${c.cardName} ${c.cardSet} ${c.cardNumber} ${c.rarity ?? ''}`.toLowerCase().includes(needle)) &&
        (graded === 'all' || (graded === 'graded') === (c.latestGrading?.status === 'completed')),
    );
    return list.sort((a, b) =>
      sort === 'name' ? a.cardName.localeCompare(b.cardName) : sort === 'value' ? value(b) - value(a) : sort === 'grade' ? (b.latestGrading?.psaGrade ?? 0) - (a.latestGrading?.psaGrade ?? 0) : b.createdAt.localeCompare(a.createdAt),
    );
  }, [cards.data, q, sort, graded]);

  return (
    <PageContainer>
      <PageHeader
        title="Collection"
        actions={
          <Button asChild>
            <Link to="/account/card/add-card">
              <Plus aria-hidden /> Add a card
            </Link>
          </Button>
        }
      />
      <div className="grid gap-6">
        {summary.data && <SummaryTiles s={summary.data} />}
        {summary.data && (
          <Card>
            <CardHeader>
              <CardTitle>Value over time</CardTitle>
            </CardHeader>
            <CardContent>
              <ValueChart points={summary.data.valueHistory} />
            </CardContent>
          </Card>
        )}
        <Binders />
        <Card>
          <CardHeader>
            <CardTitle>Cards</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <div className="grid gap-3 sm:grid-cols-3">
              <FormField label="Search">
                <Input value={q} onChange={(e) => setQ(e.target.value)} placeholder="Name, set, number" />
              </FormField>
              <FormField label="Show">
                <select className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm" value={graded} onChange={(e) => setGraded(e.target.value as typeof graded)}>
                  <option value="all">All cards</option>
                  <option value="graded">Graded</option>
                  <option value="ungraded">Not graded yet</option>
                </select>
              </FormField>
              <FormField label="Sort by">
                <select className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm" value={sort} onChange={(e) => setSort(e.target.value as keyof typeof SORTS)}>
                  {Object.entries(SORTS).map(([k, v]) => (
                    <option key={k} value={k}>
                      {v}
                    </option>
                  ))}
                </select>
              </FormField>
            </div>
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {shown.map((c) => (
                <li key={c.id} className="flex gap-3 rounded-lg border border-slate-200 bg-white p-3">
                  {c.frontImageUrl && <img src={c.frontImageUrl} alt="" loading="lazy" className="h-24 w-[4.3rem] rounded object-cover" />}
                  <div className="min-w-0 flex-1">
                    <Link to={c.latestGrading?.status === 'completed' ? `/account/collection/card-profile/${c.id}` : `/account/card/grade-card/${c.id}`} className="font-semibold text-brand-800 hover:underline">
                      {c.cardName}
                    </Link>
                    <p className="truncate text-sm text-slate-700">
                      {c.cardSet} · #{c.cardNumber}
                    </p>
                    {c.latestGrading?.status === 'completed' ? (
                      <p className="text-sm font-medium text-slate-900">
                        PSA {c.latestGrading.psaGrade} · {formatDollars(c.latestGrading.estimatedValue)}
                      </p>
                    ) : (
                      <Badge variant="gray">{c.latestGrading ? c.latestGrading.status : 'Not graded'}</Badge>
                    )}
                  </div>
                </li>
              ))}
            </ul>
            {cards.data?.length === 0 && <p className="text-slate-700">No cards yet. <Link to="/account/card/add-card" className="font-medium text-brand-700 underline">Add your first card</Link>.</p>}
          </CardContent>
        </Card>
      </div>
    </PageContainer>
  );
}
