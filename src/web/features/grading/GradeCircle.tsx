import { cn } from '@web/lib/cn';
import { formatGrade, gradeTone, specGradeLabel } from './grade-scale';

/** A platform grade in a circle coloured by spec §9's scale, with the spec's label where it names one. */
export function GradeCircle({
  platform,
  grade,
  label,
  size = 'lg',
}: {
  platform: string;
  grade: number | null;
  label?: string;
  size?: 'lg' | 'sm';
}) {
  const tone = gradeTone(grade);
  const shownLabel = specGradeLabel(platform, grade) ?? label;
  return (
    <figure className="flex flex-col items-center gap-1.5 text-center">
      <div
        className={cn(
          'flex items-center justify-center rounded-full bg-white font-bold ring-4',
          tone.ring,
          tone.text,
          size === 'lg' ? 'size-20 text-2xl' : 'size-12 text-base',
        )}
        aria-label={`${platform} ${grade == null ? 'not graded' : formatGrade(grade)}`}
      >
        {formatGrade(grade)}
      </div>
      <figcaption className="text-sm font-semibold text-slate-900">{platform}</figcaption>
      {shownLabel && <span className="text-xs text-slate-600">{shownLabel}</span>}
    </figure>
  );
}
