import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import type { TManualGradeRequest } from '@contract/manual-grade';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { ApiError, errorMessage } from '@web/lib/api';
import { PageContainer, PageHeader } from '@web/features/account/PageHeader';
import { useUserCard } from '@web/features/cards/use-user-card';
import { GradeCircle } from './GradeCircle';
import { CardPicker } from './manual/CardPicker';
import { SubGradeFields } from './manual/SubGradeFields';
import { usePrefilledForm } from './manual/use-prefill';
import { api } from '@web/lib/api-client';

const FIELDS = ['corners', 'edges', 'surface', 'frontCentering', 'backCentering'];
/** A refusal about one of the inputs: shown at that input rather than in the preview. */
const fieldError = (e: unknown) =>
  e instanceof ApiError && e.field && FIELDS.includes(e.field) ? { field: e.field, message: e.userMessage } : undefined;

/**
 * Manual grading: the collector sets or adjusts sub-grades and centering; PSA-, BGS- and CGC-style
 * grades are recomputed on the server by the engine's own tables (preview), and Save stores them as
 * a new, free grading of the card. With a card id in the path it starts from that card's latest
 * grading; without one the collector picks a card from the collection.
 */
export default function ManualGradingPage() {
  const { cardId: pathCardId } = useParams();
  const [pickedId, setPickedId] = useState('');
  const cardId = pathCardId ?? (pickedId || undefined);
  const card = useUserCard(cardId);
  const { form, setForm, prefilledFrom, busy, loading } = usePrefilledForm(cardId);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const preview = useMutation({ mutationFn: (body: TManualGradeRequest) => api('POST /api/grading/manual-grade', { body }) });
  const { mutate } = preview;
  useEffect(() => {
    if (loading) return;
    const t = setTimeout(() => mutate(form), 150);
    return () => clearTimeout(t);
  }, [form, mutate, loading]);

  const save = useMutation({
    mutationFn: () => api('POST /api/user-cards/:id/manual-grading', { params: { id: cardId! }, body: form }),
    onSuccess: async (g) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['/api/user-cards'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/collection/summary'] }),
      ]);
      toast.success('Manual grading saved', {
        description: `PSA ${g.psaGrade}, BGS ${g.bgsGrade}, CGC ${g.cgcGrade}. No credit was used.`,
      });
      void navigate(`/account/collection/card-profile/${g.userCardId}`);
    },
  });
  // A failed save's message goes when the collector edits or picks another card. Reset in those
  // handlers, not in an effect on `form`: the prefill's effect could run after a quick first click
  // and drop that click's answer (seen in tests on a busy machine).
  const edit = (next: TManualGradeRequest) => {
    save.reset();
    setForm(next);
  };
  const pick = (id: string) => {
    save.reset();
    setPickedId(id);
  };
  const r = preview.data;
  const error = save.error ?? preview.error;
  const profile = cardId && `/account/collection/card-profile/${cardId}`;

  return (
    <PageContainer>
      <PageHeader
        title="Manual grading"
        description={
          pathCardId
            ? card.data
              ? `${card.data.cardName} · ${card.data.cardSet} #${card.data.cardNumber}`
              : card.isError
                ? undefined
                : 'Loading the card…'
            : 'Enter sub-grades and centering yourself; PSA, BGS and CGC grades follow the same rules as our grading engine.'
        }
        actions={
          pathCardId && (
            <Button asChild variant="outline">
              <Link to={profile!}>Back to the card</Link>
            </Button>
          )
        }
      />
      <div className="grid gap-6">
        {pathCardId && card.isError && <Alert variant="destructive">{errorMessage(card.error, 'This card could not be loaded.')}</Alert>}
        {!pathCardId && (
          <Card>
            <CardContent className="pt-6">
              <CardPicker value={pickedId} onChange={pick} />
            </CardContent>
          </Card>
        )}
        {busy && (
          <Alert variant="warning">This card is still being graded. Wait until that grading finishes, then adjust its grades.</Alert>
        )}
        <div className="grid gap-6 md:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle>Your sub-grades</CardTitle>
              <p className="text-sm text-slate-600">
                {prefilledFrom?.gradingId
                  ? `Filled in from ${prefilledFrom.manual ? 'your manual grading' : 'the grading of your photos'}, ${prefilledFrom.gradingId}. Change any value.`
                  : cardId && prefilledFrom
                    ? 'This card has no grading yet: enter what you see.'
                    : 'Half steps from 1 to 10.'}
              </p>
            </CardHeader>
            <CardContent>
              <SubGradeFields form={form} onChange={edit} fieldError={fieldError(error)} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Preview</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4" aria-live="polite">
              {r && (
                <>
                  <div className="flex justify-center gap-6">
                    <GradeCircle platform="PSA" grade={r.psaGrade} label={r.psaLabel} />
                    <GradeCircle platform="BGS" grade={r.bgsGrade} label={r.bgsLabel} />
                    <GradeCircle platform="CGC" grade={r.cgcGrade} label={r.cgcLabel} />
                  </div>
                  <p className="text-center text-sm text-slate-700">Centering sub-grade {r.centering}</p>
                </>
              )}
              {error &&
                (fieldError(error) ? (
                  <p className="text-sm text-red-700">Fix the highlighted value to see the grades.</p>
                ) : (
                  <Alert variant="destructive">{errorMessage(error)}</Alert>
                ))}
              <div className="grid gap-2 border-t border-slate-200 pt-4">
                <Button onClick={() => save.mutate()} disabled={!cardId || busy || loading || save.isPending || !card.data}>
                  {save.isPending ? 'Saving…' : 'Save manual grading'}
                </Button>
                <p className="text-sm text-slate-700">
                  {cardId
                    ? 'Free: manual grading uses no credits. Saving adds a grading marked “Manual grading” to this card, with estimated values; earlier gradings stay in its history.'
                    : 'Free: manual grading uses no credits. Choose a card above to save these grades to it.'}
                </p>
              </div>
            </CardContent>
          </Card>
        </div>
      </div>
    </PageContainer>
  );
}
