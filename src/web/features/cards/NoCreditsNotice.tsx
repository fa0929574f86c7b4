import { Coins } from 'lucide-react';
import { Link } from 'react-router';
import { BUY_CREDITS_PATH } from '@contract/gradings';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { useAuth } from '@web/lib/auth';

/** Whether the signed-in collector can start a grading now: Pro always, Starter with a credit left. */
export function useCanGrade(): { canGrade: boolean; pro: boolean; credits: number } {
  const { user } = useAuth();
  const pro = user?.accountType === 'pro';
  const credits = user?.credits ?? 0;
  return { canGrade: pro || credits >= 1, pro, credits };
}

/** Said before anything is uploaded or started: a grading needs a credit, and where to buy one. */
export function NoCreditsNotice({ id, when }: { id?: string; when: 'before-upload' | 'before-grading' }) {
  return (
    <Alert id={id} variant="warning">
      <Coins aria-hidden className="mb-1 size-5" />
      <AlertTitle>You have no grading credits left</AlertTitle>
      <AlertDescription>
        {when === 'before-upload'
          ? 'You can still add this card and its photos to your collection; grading it takes one credit. '
          : 'Grading this card takes one credit. '}
        <Link to={BUY_CREDITS_PATH} className="font-semibold underline">
          Buy credits
        </Link>
        {when === 'before-grading' && ' and come back: your card and photos stay here.'}
      </AlertDescription>
    </Alert>
  );
}
