import { Tabs as TabsPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { formatInteger } from '@web/lib/format';
import { cn } from '@web/lib/cn';

/**
 * Underlined tabs over a section of a page (Radix: arrow keys move between tabs, Home/End, the
 * tablist/tab/tabpanel roles and their labels). Control `value` from the URL when the choice should
 * survive a reload or a shared link.
 */
export const Tabs = TabsPrimitive.Root;

export const TabsList = ({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) => (
  <TabsPrimitive.List className={cn('flex gap-1 overflow-x-auto border-b border-slate-200', className)} {...props} />
);

/**
 * Radix focuses a tab itself on mouse down, which Chrome and Safari take as keyboard-like focus and
 * ring it. `data-pointer` marks a tab focused by pointer, so the ring only shows for the keyboard.
 */
export function TabsTrigger({ className, onPointerDown, onKeyDown, onBlur, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        // The -mb-px lays the active underline over the list's border.
        'group -mb-px inline-flex shrink-0 items-center gap-2 whitespace-nowrap rounded-t-md border-b-2 border-transparent px-4 py-2.5 text-base font-semibold text-slate-600 transition-colors',
        'hover:border-slate-300 hover:text-slate-900 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 data-pointer:outline-none',
        'data-[state=active]:border-brand-700 data-[state=active]:text-brand-800',
        className,
      )}
      onPointerDown={(e) => {
        e.currentTarget.dataset.pointer = '';
        onPointerDown?.(e);
      }}
      onKeyDown={(e) => {
        delete e.currentTarget.dataset.pointer;
        onKeyDown?.(e);
      }}
      onBlur={(e) => {
        delete e.currentTarget.dataset.pointer;
        onBlur?.(e);
      }}
      {...props}
    />
  );
}

export const TabsContent = ({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) => (
  <TabsPrimitive.Content
    className={cn('focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600', className)}
    {...props}
  />
);

/**
 * A tab's label with a count pill: reads "Cards (12)" to a screen reader. No count while it loads.
 */
export function TabLabel({ children, count }: { children: ReactNode; count: number | undefined }) {
  return (
    <>
      {children}
      {count !== undefined && (
        <>
          {' '}
          <span className="sr-only">(</span>
          <span className="min-w-6 rounded-full bg-slate-100 px-2 py-0.5 text-center text-xs font-semibold tabular-nums text-slate-700 group-data-[state=active]:bg-brand-100 group-data-[state=active]:text-brand-800">
            {formatInteger(count)}
          </span>
          <span className="sr-only">)</span>
        </>
      )}
    </>
  );
}
