import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { isManualReport } from '@contract/grading-report';
import { cornerSlotLabel } from '@contract/user-cards';
import { printingLabel } from '@contract/printing';
import { ImageButton, ImageViewer, type ViewedImage } from '@web/components/image-viewer';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input, Textarea } from '@web/components/ui/input';
import { PageSpinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { readDraft, useKeepDraft } from '@web/lib/drafts';
import { formatDate } from '@web/lib/format';
import { PageContainer, PageHeader } from '@web/features/account/PageHeader';
import { useCardGradings, userCardKey, useUserCard } from '@web/features/cards/use-user-card';
import { GradeCircle } from './GradeCircle';
import { DeleteCardButton } from './profile/DeleteCardButton';
import { ValueBasisRow, ValueTiles } from './profile/ValuesPanel';
import { FeeArithmetic } from './FeeArithmetic';
import { ValueHistory } from './profile/ValueHistory';
import { PrintingForm } from './profile/PrintingForm';
import { RawValuePanel } from './profile/RawValuePanel';
import { displayedPlatform } from './grade-scale';
import { api, useApiQuery } from '@web/lib/api-client';

const EVIDENCE = ['frontAnnotated', 'backAnnotated'] as const;
const CORNERS = ['TopLeft', 'TopRight', 'BottomLeft', 'BottomRight'];
const THUMB = 'block overflow-hidden rounded-md border border-slate-200 bg-white hover:ring-2 hover:ring-brand-500';

type NotesForm = { personalNotes: string; actualPurchasePrice: string };

function NotesAndPrice({ cardId, notes, price }: { cardId: string; notes: string | null; price: string | null }) {
  const queryClient = useQueryClient();
  const draftName = `notes-and-price:${cardId}`;
  const [form, setForm] = useState(
    () => readDraft<NotesForm>(draftName) ?? { personalNotes: notes ?? '', actualPurchasePrice: price ?? '' },
  );
  useKeepDraft(draftName, () => form);
  const save = useMutation({
    mutationFn: () =>
      api('PATCH /api/user-cards/:id', {
        params: { id: cardId },
        body: {
          personalNotes: form.personalNotes || null,
          actualPurchasePrice: form.actualPurchasePrice === '' ? null : form.actualPurchasePrice,
        },
      }),
    onSuccess: () => {
      toast.success('Saved', { description: 'Notes and purchase price updated.' });
      void queryClient.invalidateQueries({ queryKey: userCardKey(cardId) });
    },
    onError: (e) => toast.error('Error', { description: errorMessage(e) }),
  });
  return (
    <form className="grid gap-3" onSubmit={(e) => (e.preventDefault(), save.mutate())}>
      <FormField label="Personal notes">
        <Textarea value={form.personalNotes} onChange={(e) => setForm((f) => ({ ...f, personalNotes: e.target.value }))} />
      </FormField>
      <FormField label="Purchase price (USD)" hint="For one copy: totals count each copy.">
        <Input
          type="number"
          step="0.01"
          min="0"
          value={form.actualPurchasePrice}
          onChange={(e) => setForm((f) => ({ ...f, actualPurchasePrice: e.target.value }))}
        />
      </FormField>
      <Button type="submit" variant="outline" disabled={save.isPending} className="justify-self-start">
        Save
      </Button>
    </form>
  );
}

function AddToBinder({ cardId }: { cardId: string }) {
  const binders = useApiQuery('GET /api/binders', { queryKey: ['/api/binders'], staleTime: 0 });
  const [binderId, setBinderId] = useState('');
  const add = useMutation({
    mutationFn: () => api('POST /api/binders/:id/cards', { params: { id: binderId }, body: { userCardId: cardId } }),
    onSuccess: () => toast.success('Added to binder'),
    onError: (e) => toast.error('Error', { description: errorMessage(e) }),
  });
  if (!binders.data?.length)
    return (
      <p className="text-sm text-slate-700">
        No binders yet.{' '}
        <Link className="font-medium text-brand-700 underline" to="/account/collection?view=binders">
          Create one in your collection
        </Link>
        .
      </p>
    );
  return (
    <div className="flex flex-wrap items-end gap-2">
      <FormField label="Binder" className="min-w-0 flex-1 basis-48">
        <select
          className="h-10 w-full min-w-0 max-w-full truncate rounded-md border border-slate-300 bg-white px-3 text-sm"
          value={binderId}
          onChange={(e) => setBinderId(e.target.value)}
        >
          <option value="">Choose a binder</option>
          {binders.data.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </select>
      </FormField>
      <Button disabled={!binderId || add.isPending} onClick={() => add.mutate()}>
        Add to binder
      </Button>
    </div>
  );
}

export default function CardProfilePage() {
  const { id } = useParams();
  const card = useUserCard(id);
  const gradings = useCardGradings(id);
  const latest = gradings.data?.find((g) => g.status === 'completed');
  // The newest attempt, when it failed, says why here too (issue 24): not only on the progress page.
  const failed = gradings.data?.[0]?.status === 'failed' ? gradings.data[0] : null;
  const report = useApiQuery('GET /api/gradings/:gradingId/report', {
    params: { gradingId: latest?.gradingId ?? '' },
    queryKey: ['/api/gradings', latest?.gradingId ?? '', 'report'],
    enabled: !!latest,
  });
  const manual = isManualReport(report.data) ? report.data : null;
  const [viewed, setViewed] = useState<ViewedImage | null>(null);
  if (card.isLoading || gradings.isLoading) return <PageSpinner />;
  if (!card.data)
    return (
      <PageContainer>
        <Alert variant="destructive">{errorMessage(card.error, 'This card could not be loaded.')}</Alert>
      </PageContainer>
    );
  const c = card.data;
  const printing = printingLabel(c);
  const img = (name: string) => `/api/gradings/${latest!.gradingId}/images/${name}`;
  return (
    <PageContainer>
      <PageHeader
        title={c.cardName}
        description={
          <>
            {c.cardSet} · #{c.cardNumber} {c.rarity && <Badge variant={c.rarity === 'Rare' ? 'gold' : 'gray'}>{c.rarity}</Badge>}{' '}
            {printing && <Badge variant="blue">{printing}</Badge>} {c.quantity > 1 && <Badge variant="gray">×{c.quantity} copies</Badge>}
          </>
        }
        actions={
          <>
            {latest && (
              <Button asChild variant="ghost">
                <Link to={`/account/manual-grading/${c.id}`}>Adjust grades</Link>
              </Button>
            )}
            <Button asChild variant="outline">
              <Link to={`/account/card/grade-card/${c.id}`}>
                <RefreshCw aria-hidden /> {latest ? 'Re-grade' : 'Grade'}
              </Link>
            </Button>
            <DeleteCardButton cardId={c.id} cardName={c.cardName} />
          </>
        }
      />
      {failed && (
        <Alert variant="destructive" className="mb-6">
          <AlertTitle>The last grading failed</AlertTitle>
          <AlertDescription>
            {failed.error ?? 'No reason was recorded.'} {failed.creditRefunded && 'Your credit has been returned. '}
            <Link className="font-semibold underline" to={`/account/card/grade-card/${c.id}`}>
              Try again
            </Link>
          </AlertDescription>
        </Alert>
      )}
      {!latest ? (
        <div className="grid gap-6">
          <Alert>This card has no completed grading yet.</Alert>
          <RawValuePanel cardId={c.id} />
        </div>
      ) : (
        <div className="grid gap-6">
          <Card>
            {manual && (
              <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-6 py-3 text-sm text-slate-700">
                <Badge variant="blue">Manual grading</Badge>
                <span>
                  Entered by you{latest.completedAt && ` on ${formatDate(latest.completedAt)}`}; grades worked out with the engine's tables.
                  No photos were measured.
                </span>
              </div>
            )}
            <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-6 pt-6 md:grid-cols-[auto_1fr] md:items-center">
              <div className="flex justify-center gap-6">
                <GradeCircle platform="PSA" grade={latest.psaGrade} label={report.data?.psaLabel} />
                <GradeCircle platform="BGS" grade={latest.bgsGrade} label={report.data?.bgsLabel} />
                <GradeCircle platform="CGC" grade={latest.cgcGrade} label={report.data?.cgcLabel} />
              </div>
              <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
                {[
                  ['Centering', latest.centeringScore],
                  ['Corners', latest.cornersScore],
                  ['Edges', latest.edgesScore],
                  ['Surface', latest.surfaceScore],
                ].map(([k, v]) => (
                  <div key={k as string} className="rounded-lg bg-slate-50 p-3">
                    <dt className="text-slate-600">{k}</dt>
                    <dd className="text-xl font-bold text-slate-900">{v as number}</dd>
                  </div>
                ))}
                <ValueTiles grading={latest} basis={report.data?.valueBasis} />
                <div className="rounded-lg bg-brand-50 p-3">
                  <dt className="text-slate-700">Recommended</dt>
                  <dd className="text-lg font-semibold text-brand-900">{latest.recommendedPlatform}</dd>
                </div>
                <ValueBasisRow basis={report.data?.valueBasis} />
                <div className="col-span-2 rounded-lg bg-slate-50 p-3 sm:col-span-4">
                  <dt className="text-slate-600">Confidence</dt>
                  <dd className="font-semibold text-slate-900">
                    {latest.confidence == null
                      ? manual
                        ? 'Not measured: entered by you'
                        : '—'
                      : `${Math.round(latest.confidence * 100)}%`}
                  </dd>
                </div>
              </dl>
              {/* Outside the <dl>: a section of its own, not a term and its description, across both columns
                  (in the first one it would widen the grade circles' column and squeeze the figures). */}
              <div className="min-w-0 md:col-span-2">
                <FeeArithmetic values={latest} rawValueUsd={report.data?.valueBasis?.rawValueUsd} />
              </div>
            </CardContent>
          </Card>
          <RawValuePanel cardId={c.id} />
          <ValueHistory cardId={c.id} initialPlatform={displayedPlatform(latest.recommendedPlatform)} />
          {manual ? (
            <Alert>
              No photo evidence for a manual grading: the sub-grades are yours.
              {manual.basedOnGradingId && ` You started from grading ${manual.basedOnGradingId}.`}{' '}
              <Link className="font-medium underline" to={`/account/card/grade-card/${c.id}`}>
                Re-grade from photos
              </Link>{' '}
              to get measured evidence again.
            </Alert>
          ) : (
            (report.isSuccess || report.isError) && (
              <Card>
                <CardHeader>
                  <CardTitle>Evidence</CardTitle>
                </CardHeader>
                <CardContent className="grid gap-4">
                  <div className="grid grid-cols-2 gap-4 sm:max-w-xl">
                    {EVIDENCE.map((n) => (
                      <ImageButton
                        key={n}
                        url={img(n)}
                        alt={n === 'frontAnnotated' ? 'Annotated front' : 'Annotated back'}
                        onOpen={setViewed}
                        className={THUMB + ' aspect-[63/88]'}
                      />
                    ))}
                  </div>
                  <div className="grid grid-cols-4 gap-2 sm:grid-cols-8">
                    {['front', 'back'].flatMap((f) =>
                      CORNERS.map((k) => (
                        <ImageButton
                          key={f + k}
                          url={img(`${f}${k}Corner`)}
                          alt={`${cornerSlotLabel(f + k)} corner`}
                          onOpen={setViewed}
                          className={THUMB + ' aspect-square'}
                        />
                      )),
                    )}
                  </div>
                  <ImageViewer image={viewed} onClose={() => setViewed(null)} />
                </CardContent>
              </Card>
            )
          )}
          {report.data && (
            <Card>
              <CardHeader>
                <CardTitle>{manual ? 'Your manual grading' : 'How we decided'}</CardTitle>
              </CardHeader>
              <CardContent className="grid gap-4 md:grid-cols-2">
                {(
                  [
                    ['Centering', report.data.centeringDecisionLog],
                    ['Corners', report.data.cornersDecisionLog],
                    ['Edges', report.data.edgesDecisionLog],
                    ['Surface', report.data.surfaceDecisionLog],
                  ] as const
                ).map(([name, log]) => (
                  <section key={name} className="rounded-lg border border-slate-200 p-4">
                    <h3 className="font-semibold text-slate-900">
                      {name}: {log.score}{' '}
                      <span className="text-sm font-normal text-slate-600">
                        {log.confidence == null ? '(entered by you)' : `(${log.confidence}% confidence)`}
                      </span>
                    </h3>
                    <p className="mt-1 text-sm text-slate-800">{log.summary}</p>
                    <p className="mt-1 text-sm text-slate-600">{log.reasoning}</p>
                  </section>
                ))}
              </CardContent>
            </Card>
          )}
        </div>
      )}
      {/* min-w-0: a grid item is as wide as its widest content by default, and a long binder name must not widen the page. */}
      <div className="mt-6 grid gap-6 md:grid-cols-2 [&>*]:min-w-0">
        <Card>
          <CardHeader>
            <CardTitle>Printing and copies</CardTitle>
          </CardHeader>
          <CardContent>
            <PrintingForm card={c} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Notes and price</CardTitle>
          </CardHeader>
          <CardContent>
            <NotesAndPrice cardId={c.id} notes={c.personalNotes} price={c.actualPurchasePrice} />
          </CardContent>
        </Card>
        {latest && (
          <Card>
            <CardHeader>
              <CardTitle>Binders</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-3">
              {manual && (
                <p className="text-sm text-slate-700">
                  Binders show grades measured from photos: this card appears there with its last photo grading, not the grades you entered.
                </p>
              )}
              <AddToBinder cardId={c.id} />
            </CardContent>
          </Card>
        )}
      </div>
    </PageContainer>
  );
}
