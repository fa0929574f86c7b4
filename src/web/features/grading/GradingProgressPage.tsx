import { CheckCircle2, Circle, Loader2, XCircle } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { PageSpinner } from '@web/components/ui/spinner';
import { PageContainer, PageHeader } from '@web/features/account/PageHeader';
import { useCardGradings, useUserCard } from '@web/features/cards/use-user-card';
import { GradeCircle } from './GradeCircle';
import { GRADING_JOB_STEPS, SAVING_EVIDENCE_STEP } from '@contract/grading-report';

/**
 * The job's steps in order, as it reports them in `currentStep`: the engine's, front then back, and the
 * worker's last one. A step the list does not know leaves the checks as they were, never clears them.
 */
export const STEPS = GRADING_JOB_STEPS;

export default function GradingProgressPage() {
  const { userCardId } = useParams();
  const card = useUserCard(userCardId);
  const gradings = useCardGradings(userCardId);
  const g = gradings.data?.[0];
  if (gradings.isLoading || card.isLoading) return <PageSpinner />;
  if (!g)
    return (
      <PageContainer>
        <Alert>
          This card has not been sent for grading yet.{' '}
          <Link className="underline" to={`/account/card/grade-card/${userCardId}`}>
            Grade it
          </Link>
          .
        </Alert>
      </PageContainer>
    );
  const currentIndex = g.currentStep ? STEPS.indexOf(g.currentStep) : -1;
  return (
    <PageContainer>
      <PageHeader
        title={g.status === 'completed' ? 'Grading complete' : g.status === 'failed' ? 'Grading failed' : 'Grading in progress'}
        description={`${card.data?.cardName ?? 'Card'} · ${g.gradingId}`}
      />
      <Card>
        <CardContent className="grid gap-5 pt-6">
          <div>
            <div className="mb-2 flex justify-between text-sm">
              <span className="font-medium text-slate-900">{g.currentStep ?? 'Waiting in the queue'}</span>
              <span className="text-slate-700">{g.progress}%</span>
            </div>
            <div
              role="progressbar"
              aria-label="Grading progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={g.progress}
              className="h-3 overflow-hidden rounded-full bg-slate-200"
            >
              <div
                className={g.status === 'failed' ? 'h-full bg-red-600' : 'h-full bg-brand-700 transition-[width] duration-500'}
                style={{ width: `${g.progress}%` }}
              />
            </div>
          </div>
          <ol className="grid gap-1.5 text-sm sm:grid-cols-2" aria-label="Analysis steps">
            {STEPS.map((step, i) => {
              // `currentStep` names the step that just finished, except the worker's last one, which runs while shown.
              const running = STEPS[currentIndex] === SAVING_EVIDENCE_STEP;
              const done = g.status === 'completed' || (currentIndex >= 0 && (running ? i < currentIndex : i <= currentIndex));
              const active = g.status === 'processing' && i === (running ? currentIndex : currentIndex + 1);
              return (
                <li key={step} className="flex items-center gap-2 text-slate-800">
                  {done ? (
                    <CheckCircle2 aria-hidden className="size-4 text-green-700" />
                  ) : active ? (
                    <Loader2 aria-hidden className="size-4 animate-spin text-brand-700" />
                  ) : (
                    <Circle aria-hidden className="size-4 text-slate-400" />
                  )}
                  <span className="capitalize">{step}</span>
                  <span className="sr-only">{done ? '(done)' : active ? '(running)' : ''}</span>
                </li>
              );
            })}
          </ol>
          {g.status === 'completed' && (
            <div className="grid gap-4">
              <div className="flex flex-wrap justify-center gap-6">
                <GradeCircle platform="PSA" grade={g.psaGrade} />
                <GradeCircle platform="BGS" grade={g.bgsGrade} />
                <GradeCircle platform="CGC" grade={g.cgcGrade} />
              </div>
              <Button asChild size="lg">
                <Link to={`/account/collection/card-profile/${userCardId}`}>See the full report</Link>
              </Button>
            </div>
          )}
          {g.status === 'failed' && (
            <Alert variant="destructive">
              <XCircle aria-hidden className="mb-1 size-5" />
              <AlertTitle>{g.error ?? 'The grading failed; no reason was recorded.'}</AlertTitle>
              <AlertDescription>
                {g.creditRefunded ? 'Your credit has been returned. ' : ''}
                <Link className="font-semibold underline" to={`/account/card/grade-card/${userCardId}`}>
                  Try again
                </Link>
              </AlertDescription>
            </Alert>
          )}
        </CardContent>
      </Card>
    </PageContainer>
  );
}
