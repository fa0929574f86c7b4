import { ImageOff } from 'lucide-react';
import { printingLabel } from '@contract/printing';
import { Link } from 'react-router';
import type { TUserCard } from '@contract/user-cards';
import { Badge } from '@web/components/ui/badge';
import { cn } from '@web/lib/cn';
import { gradeAndValue } from '@web/features/grading/grade-scale';
import { GradeAndValueLine } from '@web/features/grading/GradeAndValue';

function cardLink(c: TUserCard): string {
  const status = c.latestGrading?.status;
  if (status === 'completed') return `/account/collection/card-profile/${c.id}`;
  if (status === 'pending' || status === 'processing') return `/account/card/grading-progress/${c.id}`;
  return `/account/card/grade-card/${c.id}`;
}

function GradeLine({ card }: { card: TUserCard }) {
  const g = card.latestGrading;
  if (!g) return <Badge variant="gray">Not graded</Badge>;
  if (g.status === 'pending') return <Badge variant="yellow">Queued for grading</Badge>;
  if (g.status === 'processing') return <Badge variant="blue">Grading… {g.progress}%</Badge>;
  if (g.status === 'failed') return <Badge variant="red">Grading failed</Badge>;
  return <GradeAndValueLine shown={gradeAndValue(g)} source={g.valueSource} />;
}

/** The printing owned and the copies held (issue 15), when told: "1st Edition Holo", "×2". */
function PrintingBadges({ card }: { card: TUserCard }) {
  const printing = printingLabel(card);
  if (!printing && card.quantity <= 1) return null;
  return (
    <p className="flex flex-wrap gap-1">
      {printing && (
        <Badge variant="blue" className="max-w-full truncate">
          {printing}
        </Badge>
      )}
      {card.quantity > 1 && (
        <Badge variant="gray">
          ×{card.quantity}
          <span className="sr-only"> copies</span>
        </Badge>
      )}
    </p>
  );
}

/** One card of the collection: its photo, name, set and number, rarity, and grade and value. */
export function CollectionCardTile({ card }: { card: TUserCard }) {
  return (
    <li className="group relative flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md">
      <div className="aspect-[63/88] bg-slate-100">
        {card.frontImageUrl ? (
          <img src={card.frontImageUrl} alt="" loading="lazy" className="size-full object-cover" />
        ) : (
          <div className="flex size-full items-center justify-center text-slate-500">
            <ImageOff aria-hidden className="size-8" />
          </div>
        )}
      </div>
      <div className="grid flex-1 content-start gap-1 p-3">
        <Link
          to={cardLink(card)}
          className="line-clamp-2 font-semibold leading-snug text-slate-900 outline-none after:absolute after:inset-0 group-hover:text-brand-800"
        >
          {card.cardName}
        </Link>
        <p className="truncate text-xs text-slate-600" title={`${card.cardSet} · #${card.cardNumber}`}>
          {card.cardSet} · #{card.cardNumber}
        </p>
        {card.rarity && (
          <p>
            <Badge variant={/rare/i.test(card.rarity) ? 'gold' : 'gray'} className="max-w-full truncate">
              {card.rarity}
            </Badge>
          </p>
        )}
        <PrintingBadges card={card} />
        <div className="mt-1">
          <GradeLine card={card} />
        </div>
      </div>
    </li>
  );
}

export function CollectionGrid({ cards, busy }: { cards: TUserCard[]; busy: boolean }) {
  return (
    <ul
      aria-label="Your cards"
      aria-busy={busy || undefined}
      className={cn('grid grid-cols-2 gap-3 transition-opacity sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5', busy && 'opacity-60')}
    >
      {cards.map((c) => (
        <CollectionCardTile key={c.id} card={c} />
      ))}
    </ul>
  );
}

export function CollectionGridSkeleton() {
  return (
    <ul aria-hidden className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5">
      {Array.from({ length: 10 }, (_, i) => (
        <li key={i} data-testid="collection-skeleton" className="animate-pulse overflow-hidden rounded-lg border border-slate-200 bg-white">
          <div className="aspect-[63/88] bg-slate-200" />
          <div className="grid gap-2 p-3">
            <div className="h-4 w-3/4 rounded bg-slate-200" />
            <div className="h-3 w-1/2 rounded bg-slate-200" />
          </div>
        </li>
      ))}
    </ul>
  );
}
