import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Coins, ImageUp, Infinity as InfinityIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { BUY_CREDITS_PATH } from '@contract/gradings';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { PageSpinner } from '@web/components/ui/spinner';
import { errorMessage, isInsufficientCredits } from '@web/lib/api';
import { CURRENT_USER_KEY, useAuth } from '@web/lib/auth';
import { CREDIT, formatCount } from '@web/lib/format';
import { PageContainer, PageHeader } from '@web/features/account/PageHeader';
import { NoCreditsNotice, useCanGrade } from '@web/features/cards/NoCreditsNotice';
import { ReplacePhotos } from '@web/features/cards/ReplacePhotos';
import { cardGradingsKey, useCardGradings, useUserCard } from '@web/features/cards/use-user-card';
import { api } from '@web/lib/api-client';

export default function GradeCardPage() {
  const { id } = useParams();
  const { user } = useAuth();
  const { canGrade, pro, credits } = useCanGrade();
  const card = useUserCard(id);
  const gradings = useCardGradings(id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<{ message: string; noCredits: boolean } | null>(null);
  const [replacing, setReplacing] = useState(false);
  const start = useMutation({
    mutationFn: () => api('POST /api/user-cards/:id/grade', { params: { id: id! } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      void queryClient.invalidateQueries({ queryKey: cardGradingsKey(id!) });
      void navigate(`/account/card/grading-progress/${id}`);
    },
    onError: (e) => setProblem({ message: errorMessage(e), noCredits: isInsufficientCredits(e) }),
  });
  if (card.isLoading || !user) return <PageSpinner />;
  if (card.error || !card.data)
    return (
      <PageContainer>
        <Alert variant="destructive">{errorMessage(card.error, 'This card could not be loaded.')}</Alert>
      </PageContainer>
    );
  const c = card.data;
  const last = gradings.data?.[0];
  const busy = last?.status === 'pending' || last?.status === 'processing';
  return (
    <PageContainer>
      <PageHeader title={`Grade ${c.cardName}`} description={`${c.cardSet} · #${c.cardNumber}`} />
      <div className="grid gap-6 md:grid-cols-[1fr_1.2fr]">
        <div className="grid content-start gap-3">
          <div className="grid grid-cols-2 gap-3">
            {[c.frontImageUrl, c.backImageUrl].map((src, i) =>
              src ? (
                <img
                  key={src}
                  src={src}
                  alt={`${c.cardName} ${i ? 'back' : 'front'}`}
                  className="aspect-[63/88] w-full rounded-lg border border-slate-200 bg-white object-contain"
                />
              ) : null,
            )}
          </div>
          {!replacing && !busy && (
            <Button variant="outline" className="justify-self-start" onClick={() => setReplacing(true)}>
              <ImageUp aria-hidden /> Replace photos
            </Button>
          )}
        </div>
        <Card>
          <CardContent className="grid gap-4 pt-6">
            {last?.status === 'failed' && (
              <Alert variant="warning">
                <AlertTitle>The last grading of this card did not finish</AlertTitle>
                <AlertDescription>
                  {last.error} {!replacing && 'If a photo was the problem, replace it before grading again.'}
                </AlertDescription>
              </Alert>
            )}
            <div className="flex items-center gap-3 rounded-lg bg-slate-50 p-4">
              {pro ? (
                <InfinityIcon aria-hidden className="size-6 text-brand-700" />
              ) : (
                <Coins aria-hidden className="size-6 text-brand-700" />
              )}
              <div>
                <p className="font-semibold text-slate-900">Cost: {pro ? 'Unlimited' : formatCount(1, CREDIT)}</p>
                <p className="text-sm text-slate-700">
                  {pro
                    ? 'Pro includes unlimited gradings.'
                    : `You have ${formatCount(credits, CREDIT)}. A grading that fails gives its credit back.`}
                </p>
              </div>
            </div>
            <p className="text-sm text-slate-700">
              Grading takes a few seconds: the engine finds the card in each photo, straightens it, and measures centering, corners, edges
              and surface. You can follow each step.
            </p>
            {!canGrade && <NoCreditsNotice id="no-credits" when="before-grading" />}
            {problem && (
              <Alert variant="destructive">
                <AlertTitle>{problem.noCredits ? 'No credits left' : 'Grading could not start'}</AlertTitle>
                <AlertDescription>
                  {problem.message}{' '}
                  {problem.noCredits && (
                    <Link to={BUY_CREDITS_PATH} className="font-semibold underline">
                      Buy credits
                    </Link>
                  )}
                </AlertDescription>
              </Alert>
            )}
            <Button
              size="lg"
              onClick={() => start.mutate()}
              disabled={start.isPending || !canGrade || busy || replacing}
              aria-describedby={!canGrade ? 'no-credits' : undefined}
            >
              {start.isPending ? 'Starting…' : 'Start grading'}
            </Button>
            {busy && (
              <p className="text-sm text-slate-700">
                This card is being graded now.{' '}
                <Link className="font-medium text-brand-700 underline" to={`/account/card/grading-progress/${c.id}`}>
                  Follow its progress
                </Link>
              </p>
            )}
          </CardContent>
        </Card>
      </div>
      {replacing && (
        <Card className="mt-6">
          <CardHeader>
            <CardTitle>Replace photos</CardTitle>
          </CardHeader>
          <CardContent>
            <ReplacePhotos cardId={c.id} onDone={() => setReplacing(false)} />
          </CardContent>
        </Card>
      )}
    </PageContainer>
  );
}
