import { Popover } from 'radix-ui';
import { Info } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A visible "i" button that opens a short explanation. A popover rather than a hover tooltip: a
 * tooltip never opens on a tap, and a phone is where collectors read these figures. Radix gives the
 * button its expanded state, focus return and Escape; the text is the dialog's accessible content.
 */
export function InfoTip({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Popover.Root>
      <Popover.Trigger
        aria-label={label}
        className="inline-flex size-6 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600"
      >
        <Info aria-hidden className="size-4" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="bottom"
          align="start"
          collisionPadding={8}
          aria-label={label}
          className="z-50 w-[min(18rem,calc(100vw-1rem))] rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-700 shadow-lg"
        >
          {children}
          <Popover.Arrow className="fill-white" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
