import { cn } from '@web/lib/cn';
import { gradeTone } from './grade-scale';

export function GradeCircle({ platform, grade, label, size = 'lg' }: { platform: string; grade: number | null; label?: string; size?: 'lg' | 'sm' }) {
  const tone = gradeTone(grade);
  return (
    <figure className="flex flex-col items-center gap-1.5 text-center">
      <div
        className={cn('flex items-center justify-center rounded-full bg-white font-bold ring-4', tone.ring, tone.text, size === 'lg' ? 'size-20 text-2xl' : 'size-12 text-base')}
        aria-label={`${platform} ${grade ?? 'not graded'}`}
      >
        {grade ?? '—'}
      </div>
      <figcaption className="text-sm font-semibold text-slate-900">{platform}</figcaption>
      {label && <span className="text-xs text-slate-600">{label}</span>}
    </figure>
  );
}
