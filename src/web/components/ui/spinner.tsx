import { Loader2 } from 'lucide-react';
import { cn } from '@web/lib/cn';

/** The lazy-route fallback of spec §2.6: a spinner and 'Loading cards...'. */
export function PageSpinner({ className }: { className?: string }) {
  return (
    <div role="status" className={cn('flex min-h-[40vh] flex-col items-center justify-center gap-3 text-slate-600', className)}>
      <Loader2 aria-hidden className="size-8 animate-spin text-brand-700" />
      <span>Loading cards...</span>
    </div>
  );
}
