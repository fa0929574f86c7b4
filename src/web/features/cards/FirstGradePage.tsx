import { Camera, Lightbulb, Maximize, Sun } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { useAuth } from '@web/lib/auth';
import { CREDIT, formatCount } from '@web/lib/format';
import { MAX_RECTIFIED_TILT_DEG } from '@contract/photo-limits';
import { PageContainer, PageHeader } from '@web/features/account/PageHeader';

const TIPS = [
  {
    icon: Maximize,
    title: 'Whole card, most of the frame',
    text: 'Leave a little background on every side; a corner outside the photo cannot be measured.',
  },
  { icon: Sun, title: 'Soft, even light', text: 'Daylight near a window or a lamp bounced off the ceiling. No flash straight on.' },
  {
    icon: Camera,
    title: 'Out of the sleeve, flat',
    text: `Sleeves and toploaders reflect light. A slight angle is fine: we straighten up to ${MAX_RECTIFIED_TILT_DEG}°.`,
  },
  { icon: Lightbulb, title: 'A contrasting surface', text: 'Dark cloth under a yellow or silver border, light paper under a dark card.' },
];

/** A guided first grading: what makes a good photo, then straight to adding the card. */
export default function FirstGradePage() {
  const { user } = useAuth();
  return (
    <PageContainer>
      <PageHeader
        title="Your first grade"
        description={
          user?.accountType === 'pro'
            ? 'Pro: grade as many cards as you like.'
            : `You have ${formatCount(user?.credits ?? 0, CREDIT)}. A refused photo costs nothing.`
        }
      />
      <ol className="grid gap-4 sm:grid-cols-2">
        {TIPS.map(({ icon: Icon, title, text }, i) => (
          <li key={title}>
            <Card className="h-full">
              <CardContent className="flex gap-3 pt-6">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white">
                  {i + 1}
                </span>
                <div>
                  <h2 className="flex items-center gap-2 font-semibold text-slate-900">
                    <Icon aria-hidden className="size-4 text-brand-700" /> {title}
                  </h2>
                  <p className="mt-1 text-sm text-slate-700">{text}</p>
                </div>
              </CardContent>
            </Card>
          </li>
        ))}
      </ol>
      <div className="mt-8 grid justify-items-center gap-3 text-center">
        <Button asChild size="lg">
          <Link to="/account/card/add-card">Photograph my card</Link>
        </Button>
        <p className="text-sm text-slate-700">
          Not sure your photo is good enough?{' '}
          <Link
            to="/account/test-detection"
            className="whitespace-nowrap font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            Check it first — free
          </Link>
        </p>
      </div>
    </PageContainer>
  );
}
