import { Link } from 'react-router';
import { formatDate } from '@web/lib/format';
import { PageHero, Section } from '@web/features/marketing/MarketingSection';
import { posts } from './posts';

export default function BlogListPage() {
  return (
    <div>
      <PageHero
        eyebrow="Blog"
        title="Notes for careful collectors"
        lead="Photographing, centering, grading scales and values, explained by the people who built the grader."
      />
      <Section>
        <ul className="mx-auto grid max-w-3xl gap-6">
          {posts.map((p) => (
            <li key={p.slug} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <p className="text-sm text-slate-600">
                <time dateTime={p.date}>{formatDate(`${p.date}T12:00:00Z`)}</time> · {p.author}
              </p>
              <h2 className="mt-1 text-xl font-semibold text-slate-900">
                <Link to={`/blog/${p.slug}`} className="hover:text-brand-700 hover:underline">
                  {p.title}
                </Link>
              </h2>
              <p className="mt-2 text-slate-700">{p.summary}</p>
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
