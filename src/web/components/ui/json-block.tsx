import { cn } from '@web/lib/cn';

/**
 * Pretty-printed JSON in a box that scrolls when it is long. A scrolling region must be reachable from
 * the keyboard (WCAG 2.1.1; axe's scrollable-region-focusable), so the block takes focus and is named.
 */
export function JsonBlock({ value, label, className }: { value: unknown; label: string; className?: string }) {
  return (
    <pre
      // A named region that scrolls: the pattern WCAG asks for, which this lint rule does not know about.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      role="region"
      aria-label={label}
      className={cn(
        'overflow-auto rounded bg-slate-50 p-2 text-xs focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        className,
      )}
    >
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}
