import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn';

const badgeVariants = cva('inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold', {
  variants: {
    variant: {
      default: 'bg-brand-100 text-brand-900',
      gold: 'bg-amber-100 text-amber-900',
      green: 'bg-green-100 text-green-900',
      red: 'bg-red-100 text-red-900',
      yellow: 'bg-yellow-100 text-yellow-900',
      blue: 'bg-blue-100 text-blue-900',
      orange: 'bg-orange-100 text-orange-900',
      gray: 'bg-slate-100 text-slate-800',
    },
  },
  defaultVariants: { variant: 'default' },
});

export function Badge({ className, variant, ...props }: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
