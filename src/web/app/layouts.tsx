import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageSpinner } from '@web/components/ui/spinner';
import { AccountBar } from '@web/features/nav/AccountBar';
import { Footer } from '@web/features/nav/Footer';
import { TopNav } from '@web/features/nav/TopNav';

function SkipLink() {
  return (
    <a href="#main" className="sr-only z-50 rounded bg-white px-3 py-2 focus:not-sr-only focus:absolute focus:left-2 focus:top-2">
      Skip to content
    </a>
  );
}

/** Navigation, the account bar, the page (loaded lazily) and, on marketing pages, the footer. */
export function SiteLayout({ footer = false }: { footer?: boolean }) {
  // A boundary per path: navigations run in a transition, which would otherwise keep the old page
  // on screen while the next chunk loads instead of showing the spinner the spec asks for.
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <TopNav />
      <AccountBar />
      {/* The footer waits inside the boundary with the page: drawn under the spinner, it would jump
          down when the page arrives (a layout shift Lighthouse rightly punishes). */}
      <Suspense key={pathname} fallback={<PageSpinner className="flex-1" />}>
        <main id="main" className="flex-1">
          <Outlet />
        </main>
        {footer && <Footer />}
      </Suspense>
    </div>
  );
}
