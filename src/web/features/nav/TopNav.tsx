import { LogOut, Menu, X } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Button } from '@web/components/ui/button';
import { avatarLetter, useAuth } from '@web/lib/auth';
import { cn } from '@web/lib/cn';
import { accountLinks } from './AccountBar';
import { Logo } from './Logo';
import { useLogout } from './use-logout';

// Only signed-in visitors see the bell: keep it (and its popover) out of the landing page's bundle.
const NotificationsBell = lazy(() => import('./NotificationsBell'));

export const MAIN_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/features', label: 'Features' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/about', label: 'About' },
] as const;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn('rounded-md px-3 py-2 text-sm font-medium hover:bg-slate-100', isActive ? 'text-brand-800' : 'text-slate-700');

export function TopNav() {
  const { user, isAdmin } = useAuth();
  const logout = useLogout();
  const { pathname } = useLocation();
  // The menu belongs to the page it was opened on: navigating anywhere closes it, with no effect to sync.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="ml-4 hidden md:block">
          <ul className="flex items-center gap-1">
            {MAIN_LINKS.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} end={l.to === '/'} className={linkClass}>
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          {user ? (
            <>
              <Suspense fallback={<span className="size-10" aria-hidden />}>
                <NotificationsBell />
              </Suspense>
              <Link
                to="/account/dashboard"
                aria-label={`Dashboard for ${user.username}`}
                title={user.username}
                className="flex size-9 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white hover:bg-brand-800"
              >
                {avatarLetter(user)}
              </Link>
              <Button
                variant="ghost"
                size="sm"
                className="hidden sm:inline-flex"
                onClick={() => logout.mutate()}
                disabled={logout.isPending}
              >
                <LogOut aria-hidden />
                Logout
              </Button>
            </>
          ) : (
            <div className="hidden items-center gap-2 sm:flex">
              <Button asChild variant="ghost" size="sm">
                <Link to="/login">Sign In</Link>
              </Button>
              <Button asChild size="sm">
                <Link to="/register">Sign Up</Link>
              </Button>
            </div>
          )}
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
          >
            {menuOpen ? <X aria-hidden /> : <Menu aria-hidden />}
          </Button>
        </div>
      </div>
      {menuOpen && (
        <nav id="mobile-menu" aria-label="Mobile" className="border-t border-slate-200 bg-white px-4 pb-4 md:hidden">
          <ul className="flex flex-col py-2">
            {MAIN_LINKS.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} end={l.to === '/'} className={({ isActive }) => cn(linkClass({ isActive }), 'block py-3 text-base')}>
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
          {user && (
            // Every place a signed-in user can go is in the phone menu too, not only in the account bar.
            <ul aria-label="Your account" className="flex flex-col border-t border-slate-200 py-2">
              {accountLinks(isAdmin).map((l) => (
                <li key={l.to}>
                  <NavLink to={l.to} className={({ isActive }) => cn(linkClass({ isActive }), 'block py-3 text-base')}>
                    {l.label}
                  </NavLink>
                </li>
              ))}
              <li>
                <NavLink to="/account/billing" className={({ isActive }) => cn(linkClass({ isActive }), 'block py-3 text-base')}>
                  Billing
                </NavLink>
              </li>
            </ul>
          )}
          {user ? (
            <Button variant="outline" className="w-full" onClick={() => logout.mutate()} disabled={logout.isPending}>
              <LogOut aria-hidden />
              Logout
            </Button>
          ) : (
            <div className="grid grid-cols-2 gap-2">
              <Button asChild variant="outline">
                <Link to="/login">Sign In</Link>
              </Button>
              <Button asChild>
                <Link to="/register">Sign Up</Link>
              </Button>
            </div>
          )}
        </nav>
      )}
    </header>
  );
}
