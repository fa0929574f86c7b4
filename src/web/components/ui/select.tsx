import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn';

/**
 * A styled native <select>: the platform's own picker (accessible, keyboard and phone friendly) with
 * the look of our inputs. Pass <option>s as children; label it with FormField or aria-label.
 */
export function Select({ className, wrapperClassName, children, ...props }: ComponentProps<'select'> & { wrapperClassName?: string }) {
  return (
    <div className={cn('relative', wrapperClassName)}>
      <select
        className={cn(
          'flex h-10 w-full cursor-pointer appearance-none truncate rounded-md border border-slate-300 bg-white py-2 pl-3 pr-9 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-red-600 sm:text-sm',
          className,
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown aria-hidden className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-slate-600" />
    </div>
  );
}
