import { BadgeDollarSign, BookOpen, Eye, Lock } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { PageHero, Section } from './MarketingSection';

const GROUPS = [
  {
    icon: Eye,
    title: 'A grading engine that shows its work',
    items: [
      [
        'Evidence overlays',
        'Your front and back photos come back straightened and marked up: the cut edge, the print frame, each finding.',
      ],
      [
        'Centering ratios, both faces',
        'Left/right and top/bottom shares such as 55/45, with how much the border varies along each edge and a ± uncertainty.',
      ],
      ['Eight corner scores', 'Each corner gets its own score and condition, with whitening, rounding, fraying or dings named.'],
      ['Edge wear', 'Top, bottom, left and right edges of both faces, with front, back and average wear figures.'],
      ['Surface findings', 'Scratches, print lines, stains and dents with location, size and severity. Holo shine is not a scratch.'],
      [
        'Grades and confidence',
        'PSA-, BGS- and CGC-style grades with half-step sub-grades, a confidence figure and a recommended platform.',
      ],
    ],
  },
  {
    icon: BookOpen,
    title: 'Collection and binders',
    items: [
      ['Your graded collection', 'Every graded card with its grades, photos, notes and what you paid for it.'],
      ['Binders', 'Group cards into named binders, share a binder publicly, and see its total and average values.'],
      ['Return on investment', 'Value against purchase price, per card and for the whole collection, charted over time.'],
    ],
  },
  {
    icon: BadgeDollarSign,
    title: 'Market values',
    items: [
      ['Estimated values per platform', 'What the card is likely worth graded by each platform, so the fee decision is yours to make.'],
      ['Weekly price updates', 'Values of recently graded cards, and of every Pro member’s cards, are refreshed each week.'],
    ],
  },
  {
    icon: Lock,
    title: 'Account and security',
    items: [
      ['Private by default', 'Photos are stripped of location and camera data on upload; nothing is public unless you share a binder.'],
      ['Modern sign-in security', 'Argon2id password hashing, sessions you can see and sign out, and email codes for password recovery.'],
    ],
  },
] as const;

export default function FeaturesPage() {
  return (
    <div>
      <PageHero
        eyebrow="Features"
        title="Everything a careful collector needs"
        lead="Measured condition, honest grade estimates, and a collection that keeps track of what your cards are worth."
      />
      {GROUPS.map(({ icon: Icon, title, items }, i) => (
        <div key={title} className={i % 2 ? 'bg-white' : ''}>
          <Section>
            <h2 className="flex items-center gap-3 text-2xl font-bold text-slate-900">
              <Icon aria-hidden className="size-7 text-brand-700" /> {title}
            </h2>
            <dl className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {items.map(([term, text]) => (
                <div key={term}>
                  <dt className="font-semibold text-slate-900">{term}</dt>
                  <dd className="mt-1 text-sm leading-6 text-slate-700">{text}</dd>
                </div>
              ))}
            </dl>
          </Section>
        </div>
      ))}
      <Section className="text-center">
        <Button asChild size="lg">
          <Link to="/register">Start grading for free</Link>
        </Button>
      </Section>
    </div>
  );
}
