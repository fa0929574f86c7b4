import type { ReactNode } from 'react';
import { cn } from '@web/lib/cn';
import { useDocumentTitle } from '@web/lib/use-document-title';

/** The coloured band at the top of every marketing page: one h1 and a lead sentence. */
export function PageHero({ title, lead, eyebrow, children }: { title: string; lead: ReactNode; eyebrow?: string; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <section className="bg-gradient-to-b from-brand-900 to-brand-800 text-white">
      <div className="mx-auto max-w-5xl px-4 py-14 text-center sm:px-6 sm:py-20">
        {eyebrow && <p className="mb-3 text-sm font-semibold uppercase tracking-wider text-gold-400">{eyebrow}</p>}
        <h1 className="text-3xl font-bold tracking-tight sm:text-5xl">{title}</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-indigo-100">{lead}</p>
        {children}
      </div>
    </section>
  );
}

export function Section({
  title,
  lead,
  children,
  className,
}: {
  title?: string;
  lead?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={cn('mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16', className)}>
      {title && <h2 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h2>}
      {lead && <p className="mt-2 max-w-3xl text-slate-700">{lead}</p>}
      <div className={title || lead ? 'mt-8' : ''}>{children}</div>
    </section>
  );
}

/** Long-form legal text: readable measure, numbered sections. */
export function LegalDocument({
  title,
  updated,
  sections,
}: {
  title: string;
  updated: string;
  sections: { heading: string; body: ReactNode }[];
}) {
  useDocumentTitle(title);
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      <p className="mt-2 text-sm text-slate-600">Last updated {updated}</p>
      <div className="prose-post mt-8">
        {sections.map((s, i) => (
          <section key={s.heading}>
            <h2>
              {i + 1}. {s.heading}
            </h2>
            {s.body}
          </section>
        ))}
      </div>
    </article>
  );
}
