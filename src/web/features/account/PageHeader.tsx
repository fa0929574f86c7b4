import type { ReactNode } from 'react';
import { useDocumentTitle } from '@web/lib/use-document-title';

/** Title row of a signed-in screen; sets the tab title too. */
export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="flex flex-wrap items-end justify-between gap-3 pb-6">
      {/* min-w-0 and wrapping actions: on a phone a long title breaks and the buttons go to rows of
          their own instead of pushing the page wider than the screen (issue 24). */}
      <div className="min-w-0">
        <h1 className="break-words text-2xl font-semibold text-slate-900 sm:text-3xl">{title}</h1>
        {description && <p className="mt-1 text-slate-600">{description}</p>}
      </div>
      {actions && <div className="flex min-w-0 flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

export function PageContainer({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">{children}</div>;
}
