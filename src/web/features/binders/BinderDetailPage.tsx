import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BookOpen, Globe, LayoutList, Pencil, Trash2 } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { TBinderCardEntry } from '@contract/binders';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input, Textarea } from '@web/components/ui/input';
import { errorMessage } from '@web/lib/api';
import { useAuth } from '@web/lib/auth';
import { formatDollars } from '@web/lib/format';
import { retryUpToThree } from '@web/lib/query-client';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { displayedGrade, type GradeAndValue } from '@web/features/grading/grade-scale';
import { GradeAndValueLine } from '@web/features/grading/GradeAndValue';
import { api, useApiQuery } from '@web/lib/api-client';
import { sharedCardPath } from '@contract/share';
import { CopyShareLink } from '@web/features/share/CopyShareLink';
import { cn } from '@web/lib/cn';
import { BinderPagesView } from './BinderPagesView';
import { BinderSummaryTiles } from './BinderSummaryTiles';
import { binderKey } from './use-binder-edits';

export { binderKey };

type View = 'list' | 'pages';
/** The view in the URL (`?view=pages`), so a reload or a shared link opens the same one; the list is the spec's default. */
const viewOf = (params: URLSearchParams): View => (params.get('view') === 'pages' ? 'pages' : 'list');

/** Spec §2.4: summary tiles, card tiles with edit and remove, skeleton, empty and error states. */
export default function BinderDetailPage() {
  const { id = '' } = useParams();
  const { isAuthenticated } = useAuth();
  const [params, setParams] = useSearchParams();
  const view = viewOf(params);
  const binder = useApiQuery('GET /api/binders/:id', {
    params: { id: id ?? '' },
    queryKey: binderKey(id),
    enabled: isAuthenticated && !!id,
    retry: retryUpToThree,
    staleTime: 0,
  });
  useDocumentTitle(binder.data?.binder.name ?? 'Binder');

  if (binder.isLoading)
    return (
      <Shell>
        <div className="mb-6 h-10 w-64 animate-pulse rounded bg-slate-200" />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading binder">
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} data-testid="binder-skeleton" className="h-56 animate-pulse rounded-xl bg-slate-200" />
          ))}
        </div>
      </Shell>
    );
  if (binder.error || !binder.data)
    return (
      <Shell>
        <div className="rounded-xl border border-red-200 bg-red-50 p-8 text-center">
          <h1 className="text-xl font-semibold text-red-900">Error Loading Binder</h1>
          <p className="mt-2 text-red-900">
            {binder.error ? errorMessage(binder.error, 'Failed to load binder details') : 'Failed to load binder details'}
          </p>
          <Button asChild variant="outline" className="mt-4">
            <Link to="/account/collection">Back to Collection</Link>
          </Button>
        </div>
      </Shell>
    );

  const { binder: b, cards } = binder.data;
  const shown = cards.map((c) => ({ entry: c, ...displayedGrade(c.submission) }));
  const total = shown.reduce((s, c) => s + (c.value ?? 0), 0);
  const grades = shown.map((c) => c.grade).filter((g): g is number => g != null);

  return (
    <Shell>
      <div className="mb-6 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-semibold text-slate-900 sm:text-3xl">
            {b.name}{' '}
            {b.isPublic && (
              <Badge variant="blue">
                <Globe aria-hidden className="size-3" /> Public
              </Badge>
            )}
          </h1>
          <p className="mt-1 text-slate-700">{b.description || 'No description'}</p>
          {b.isOwner && (
            <div className="mt-3">
              <CopyShareLink binderId={b.id} isPublic={b.isPublic} />
            </div>
          )}
        </div>
        <div className="text-right">
          <p className="text-sm text-slate-600">Total estimated value</p>
          <p className="text-2xl font-bold text-slate-900">{formatDollars(total)}</p>
        </div>
      </div>
      <BinderSummaryTiles cardCount={cards.length} total={total} grades={grades} />
      {cards.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <p className="text-lg font-semibold text-slate-900">No cards in this binder yet</p>
          <p className="mt-1 text-slate-700">Grade some cards and add them to this binder to get started</p>
        </div>
      ) : (
        <>
          <ViewToggle
            view={view}
            onChange={(v) =>
              setParams(
                (p) => {
                  const next = new URLSearchParams(p);
                  if (v === 'pages') next.set('view', 'pages');
                  else next.delete('view');
                  return next;
                },
                { replace: true },
              )
            }
          />
          {view === 'pages' ? (
            <BinderPagesView binder={b} cards={cards} />
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {shown.map(({ entry, platform, grade, value }) => (
                <li key={entry.id}>
                  <BinderTile binderId={b.id} entry={entry} platform={platform} grade={grade} value={value} canEdit={b.isOwner} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Shell>
  );
}

/** List (the spec's card grid) or Pages (the binder's 9-pocket pages, issue 15). */
function ViewToggle({ view, onChange }: { view: View; onChange: (v: View) => void }) {
  const option = (v: View, label: string, Icon: typeof LayoutList) => (
    <button
      type="button"
      aria-pressed={view === v}
      onClick={() => onChange(v)}
      className={cn(
        'inline-flex h-9 items-center gap-2 rounded-md px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        view === v ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-700 hover:text-slate-900',
      )}
    >
      <Icon aria-hidden className="size-4" /> {label}
    </button>
  );
  return (
    <div role="group" aria-label="View" className="mb-4 inline-flex gap-1 rounded-lg bg-slate-100 p-1">
      {option('list', 'List', LayoutList)}
      {option('pages', 'Pages', BookOpen)}
    </div>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  return <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">{children}</div>;
}

function BinderTile({
  binderId,
  entry,
  platform,
  grade,
  value,
  canEdit,
}: { binderId: string; entry: TBinderCardEntry; canEdit: boolean } & GradeAndValue) {
  const queryClient = useQueryClient();
  const s = entry.submission;
  const remove = useMutation({
    mutationFn: () => api('DELETE /api/binders/:id/cards/:submissionId', { params: { id: binderId, submissionId: entry.submissionId } }),
    onSuccess: () => {
      toast.success('Success', { description: 'Card removed from binder' });
      void queryClient.invalidateQueries({ queryKey: binderKey(binderId) });
    },
    onError: () => toast.error('Error', { description: 'Failed to remove card from binder' }),
  });
  return (
    <Card className="flex h-full flex-col">
      <CardContent className="flex flex-1 flex-col gap-2 pt-5">
        <div className="flex items-start justify-between gap-2">
          {/* The card's own photo, as the pages view and the share page show it (issue 24). */}
          <div className="aspect-[63/88] w-14 shrink-0 overflow-hidden rounded border border-slate-200 bg-slate-100">
            {entry.userCard.frontImageUrl && (
              <img src={entry.userCard.frontImageUrl} alt={`${s.cardName}, front`} loading="lazy" className="size-full object-cover" />
            )}
          </div>
          <div className="min-w-0 flex-1">
            <h2 className="break-words font-semibold text-slate-900">{s.cardName}</h2>
            <p className="text-sm text-slate-700">
              {s.cardSet} · #{s.cardNumber}
            </p>
          </div>
          {s.rarity && <Badge variant={s.rarity === 'Rare' ? 'gold' : 'gray'}>{s.rarity}</Badge>}
        </div>
        <GradeAndValueLine size="lg" shown={{ platform, grade, value }} source={s.valueSource} />
        {entry.personalNotes && <p className="text-sm text-slate-700">{entry.personalNotes}</p>}
        {entry.actualPurchasePrice && <p className="text-sm text-slate-600">Paid {formatDollars(entry.actualPurchasePrice)}</p>}
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <Button asChild size="sm" variant="outline">
            {/* Someone else's public binder: the card profile is its owner's, so the public card view. */}
            <Link to={canEdit ? `/account/collection/card-profile/${entry.userCard.id}` : sharedCardPath(binderId, entry.userCard.id)}>
              View Details
            </Link>
          </Button>
          {canEdit && <EditEntryDialog binderId={binderId} entry={entry} />}
          {canEdit && (
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Remove ${s.cardName} from binder`}
              onClick={() => {
                if (window.confirm('Are you sure you want to remove this card from the binder?')) remove.mutate();
              }}
            >
              <Trash2 aria-hidden /> Remove
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

function EditEntryDialog({ binderId, entry }: { binderId: string; entry: TBinderCardEntry }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [notes, setNotes] = useState('');
  const [price, setPrice] = useState('');
  const save = useMutation({
    // Spec §5: an empty price is sent as null, anything else as a decimal.
    mutationFn: () =>
      api('PUT /api/binders/:id/cards/:cardId', {
        params: { id: binderId, cardId: entry.id },
        body: { personalNotes: notes, actualPurchasePrice: price === '' ? null : parseFloat(price) },
      }),
    onSuccess: () => {
      toast.success('Success', { description: 'Card details updated successfully' });
      setOpen(false);
      setNotes('');
      setPrice('');
      void queryClient.invalidateQueries({ queryKey: binderKey(binderId) });
    },
    onError: () => toast.error('Error', { description: 'Failed to update card details' }),
  });
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) {
          setNotes(entry.personalNotes ?? '');
          setPrice(entry.actualPurchasePrice ?? '');
        }
      }}
    >
      <Dialog.Trigger asChild>
        <Button size="sm" variant="ghost" aria-label={`Edit ${entry.submission.cardName}`}>
          <Pencil aria-hidden /> Edit
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-slate-900">Edit {entry.submission.cardName}</Dialog.Title>
          <Dialog.Description className="text-sm text-slate-600">Your notes and what you paid for this card.</Dialog.Description>
          <form className="mt-4 grid gap-4" onSubmit={(e) => (e.preventDefault(), save.mutate())}>
            <FormField label="Personal notes">
              <Textarea value={notes} onChange={(e) => setNotes(e.target.value)} />
            </FormField>
            <FormField label="Purchase price">
              <Input type="number" step="0.01" min="0" value={price} onChange={(e) => setPrice(e.target.value)} />
            </FormField>
            <div className="flex justify-end gap-2">
              <Dialog.Close asChild>
                <Button variant="outline">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" disabled={save.isPending}>
                Save
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
