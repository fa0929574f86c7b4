import { Link } from 'react-router';
import { Logo } from './Logo';

const COLUMNS = [
  {
    title: 'Product',
    links: [
      ['/features', 'Features'],
      ['/pricing', 'Pricing'],
      ['/how-it-works', 'How It Works'],
      ['/faq', 'FAQ'],
    ],
  },
  {
    title: 'Company',
    links: [
      ['/about', 'About'],
      ['/blog', 'Blog'],
    ],
  },
  {
    title: 'Legal',
    links: [
      ['/terms', 'Terms of Service'],
      ['/privacy', 'Privacy Policy'],
    ],
  },
] as const;

/** Only on marketing pages and blog posts (spec §2.1). */
export function Footer() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div className="space-y-3">
          <Logo />
          <p className="text-sm text-slate-600">Condition grading you can check: every grade comes with the measurements behind it.</p>
        </div>
        {COLUMNS.map((c) => (
          <nav key={c.title} aria-label={c.title}>
            <h2 className="text-sm font-semibold text-slate-900">{c.title}</h2>
            <ul className="mt-3 space-y-2">
              {c.links.map(([to, label]) => (
                <li key={to}>
                  <Link to={to} className="text-sm text-slate-700 hover:text-brand-700 hover:underline">
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t border-slate-100 px-4 py-4 text-center text-xs text-slate-600">
        © 2026 GradeVault. Independent estimates; not affiliated with PSA, Beckett (BGS) or CGC.
      </p>
    </footer>
  );
}
