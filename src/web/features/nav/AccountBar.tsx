import { Infinity as InfinityIcon, Coins } from 'lucide-react';
import { Link, NavLink, useLocation } from 'react-router';
import { DEFAULT_CREDIT_PACKAGE } from '@contract/plans';
import { useAuth } from '@web/lib/auth';
import { cn } from '@web/lib/cn';
import { CREDIT, formatCount, formatInteger, pluralNoun } from '@web/lib/format';

/** Screens where the account bar would only distract (spec §2.6). */
const HIDDEN_ON = new Set(['/login', '/register', '/auth/login', '/auth/register', '/logout-success']);

/** Where a signed-in user can go (spec §2.6): the account bar's links, and the phone menu's too. */
export function accountLinks(isAdmin: boolean) {
  return [
    { to: '/account/dashboard', label: 'Dashboard' },
    { to: '/account/collection', label: 'Collection' },
    { to: '/account/profile', label: 'Account' },
    ...(isAdmin ? [{ to: '/admin/dashboard', label: 'Admin' }] : []),
  ];
}

export function AccountBar() {
  const { user, isAdmin } = useAuth();
  const { pathname } = useLocation();
  if (!user || HIDDEN_ON.has(pathname)) return null;

  const links = accountLinks(isAdmin);
  const pro = user.accountType === 'pro';

  return (
    <div className="border-b border-slate-200 bg-brand-900 text-white">
      {/* Nothing scrolls sideways or hides under the chip (issue 24): on a narrow phone the plan chip
          wraps onto a second row at the right instead. */}
      <div className="mx-auto flex min-h-11 max-w-7xl flex-wrap items-center gap-x-1 gap-y-1 px-2 py-1 sm:px-6">
        <nav aria-label="Account" className="min-w-0">
          <ul className="flex flex-wrap items-center gap-0.5 sm:gap-1">
            {links.map((l) => (
              <li key={l.to}>
                <NavLink
                  to={l.to}
                  className={({ isActive }) =>
                    cn(
                      'whitespace-nowrap rounded px-1.5 py-1.5 text-sm hover:bg-white/10 sm:px-2.5',
                      isActive ? 'bg-white/15 font-semibold' : 'text-indigo-100',
                    )
                  }
                >
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <Link
          to={pro ? '/account/billing' : `/account/checkout/credits?package=${DEFAULT_CREDIT_PACKAGE}`}
          className="ml-auto flex shrink-0 items-center gap-1.5 rounded-full bg-white/10 px-3 py-1 text-xs font-semibold hover:bg-white/20"
          // The name starts with what the chip shows, so a voice-control user can say what they see (WCAG 2.5.3).
          aria-label={
            pro
              ? 'PRO Unlimited gradings, Pro plan. Manage billing'
              : `STARTER ${formatCount(user.credits, CREDIT)}, starter plan. Buy credits`
          }
        >
          <span
            className={cn(
              'rounded px-1.5 py-0.5 text-[11px] tracking-wide',
              pro ? 'bg-gold-400 text-slate-900' : 'bg-indigo-200 text-brand-900',
            )}
          >
            {pro ? 'PRO' : 'STARTER'}
          </span>{' '}
          {/* The spaces are not drawn in the flex row, but they part the words the way the name does. */}
          {pro ? <InfinityIcon aria-hidden className="size-3.5" /> : <Coins aria-hidden className="size-3.5" />}{' '}
          {/* On a phone the word goes: the bar must fit Dashboard, Collection, Account and the chip. */}
          <span>
            {pro ? 'Unlimited' : formatInteger(user.credits)}
            {!pro && <span className="max-sm:sr-only"> {pluralNoun(user.credits, CREDIT)}</span>}
          </span>
        </Link>
      </div>
    </div>
  );
}
