import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn';

export const Card = ({ className, ...props }: ComponentProps<'div'>) => (
  <div className={cn('rounded-xl border border-slate-200 bg-white shadow-sm', className)} {...props} />
);
export const CardHeader = ({ className, ...props }: ComponentProps<'div'>) => (
  <div className={cn('flex flex-col gap-1.5 p-6 pb-2', className)} {...props} />
);
export const CardTitle = ({ className, children, ...props }: ComponentProps<'h2'>) => (
  <h2 className={cn('text-xl font-semibold leading-tight text-slate-900', className)} {...props}>
    {children}
  </h2>
);
export const CardDescription = ({ className, ...props }: ComponentProps<'p'>) => (
  <p className={cn('text-sm text-slate-600', className)} {...props} />
);
export const CardContent = ({ className, ...props }: ComponentProps<'div'>) => <div className={cn('p-6 pt-2', className)} {...props} />;
