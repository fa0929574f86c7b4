import { valueSourceLabel, type TValueSource } from '@contract/pricing';
import { formatDollars } from '@web/lib/format';
import { cn } from '@web/lib/cn';
import { formatGrade, gradeTone, type GradeAndValue as TGradeAndValue } from './grade-scale';

/**
 * A grade with its value — always one platform's pair (see `gradeAndValue`) — and under it what the
 * value rests on ("TCGplayer market, 2024-08-02, holofoil" or "estimate from rarity"), so a collector
 * can tell a market-backed value from a guess wherever values are listed.
 */
export function GradeAndValueLine({
  shown,
  source,
  size = 'sm',
  className,
}: {
  shown: TGradeAndValue;
  source: TValueSource | null | undefined;
  size?: 'sm' | 'lg';
  className?: string;
}) {
  const basis = valueSourceLabel(source);
  return (
    <div className={cn('grid gap-0.5', className)}>
      <p className={cn('flex flex-wrap items-baseline justify-between gap-x-2', size === 'lg' ? 'text-base' : 'text-sm')}>
        <span className={cn('whitespace-nowrap font-bold', size === 'lg' && 'text-lg', gradeTone(shown.grade).text)}>
          {shown.platform} {formatGrade(shown.grade)}
        </span>
        <span className="whitespace-nowrap font-semibold text-slate-900">
          {formatDollars(shown.value)}
          <span className="sr-only">
            , {shown.platform} value, {basis}
          </span>
        </span>
      </p>
      <p aria-hidden className="line-clamp-2 text-xs leading-snug text-slate-600" title={`${shown.platform} value from ${basis}`}>
        {basis}
      </p>
    </div>
  );
}
