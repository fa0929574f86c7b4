/**
 * Phone fit (issue 24): every route of the app's route table — public, collector and admin — plus the
 * admin grading report's six tabs and the image viewer, at 360 and 390 px, fails when anything is
 * wider than the screen or cut off. The list of routes is read from AppRoutes.tsx and the admin tabs
 * from AdminPage.tsx, so a new route without a visit here fails the test instead of going unchecked.
 * Runs in the phone project only (tag @phone-only); one sign-in per role, one page per role.
 */
import fs from 'node:fs';
import type { Browser, Page, TestInfo } from '@playwright/test';
import type { TBinder } from '../src/contract/binders';
import type { TCheckoutResponse } from '../src/contract/payments';
import { generateSyntheticCard } from '../src/card-fixtures/synthetic/generator';
import { addCardViaApi, csrfHeaders, expect, gradeViaApi, loginViaApi, registerViaApi, snap, test } from './fixtures';

// 360 last: the screenshot is taken at the narrowest width.
const WIDTHS = [390, 360] as const;
const PHONE_HEIGHT = 800;

/** `<Route path="…">` of the app, and whether it is wrapped in guarded(…). */
function appRoutes() {
  const source = fs.readFileSync('src/web/app/AppRoutes.tsx', 'utf8');
  return [...source.matchAll(/<Route path="([^"]+)" element=\{(guarded\()?/g)].map((m) => ({ path: m[1], guarded: !!m[2] }));
}

/** The admin shell's tabs, each its own URL (/admin/{tab}). */
function adminTabs() {
  const source = fs.readFileSync('src/web/features/admin/AdminPage.tsx', 'utf8');
  const block = /export const ADMIN_TABS = \[([\s\S]*?)\] as const/.exec(source)?.[1] ?? '';
  return [...block.matchAll(/value: '([a-z-]+)'/g)].map((m) => m[1]);
}

const BLOG_SLUG = fs
  .readdirSync('src/web/features/blog/posts')
  .find((f) => f.endsWith('.md'))!
  .replace(/\.md$/, '');

interface Fixture {
  cardId: string;
  binderId: string;
  sessionId: string;
  syncLogId: string;
}

type Role = 'public' | 'collector' | 'admin';

/** Where each route of the table is visited, as whom. A route missing here fails the first test. */
const VISITS: Record<string, { role: Role; url: (f: Fixture) => string }> = {
  '/pay/local/portal': { role: 'collector', url: () => '/pay/local/portal' },
  '/pay/local/:sessionId': { role: 'collector', url: (f) => `/pay/local/${f.sessionId}` },
  '/': { role: 'public', url: () => '/' },
  '/features': { role: 'public', url: () => '/features' },
  '/pricing': { role: 'public', url: () => '/pricing?tab=pro' },
  '/faq': { role: 'public', url: () => '/faq' },
  '/terms': { role: 'public', url: () => '/terms' },
  '/privacy': { role: 'public', url: () => '/privacy' },
  '/how-it-works': { role: 'public', url: () => '/how-it-works' },
  '/about': { role: 'public', url: () => '/about' },
  '/blog': { role: 'public', url: () => '/blog' },
  '/blog/:slug': { role: 'public', url: () => `/blog/${BLOG_SLUG}` },
  '/login': { role: 'public', url: () => '/login' },
  '/auth/login': { role: 'public', url: () => '/auth/login?next=%2Faccount%2Fcollection' },
  '/register': { role: 'public', url: () => '/register' },
  '/auth/register': { role: 'public', url: () => '/auth/register' },
  '/auth/forgot-password': { role: 'public', url: () => '/auth/forgot-password' },
  '/auth/reset-password': { role: 'public', url: () => '/auth/reset-password?email=someone%40example.test' },
  '/logout-success': { role: 'public', url: () => '/logout-success' },
  '/shared/binders/:id': { role: 'public', url: (f) => `/shared/binders/${f.binderId}` },
  '/shared/binders/:id/cards/:userCardId': { role: 'public', url: (f) => `/shared/binders/${f.binderId}/cards/${f.cardId}` },
  '/account/profile': { role: 'collector', url: () => '/account/profile' },
  '/account/profile/edit': { role: 'collector', url: () => '/account/profile/edit' },
  '/account/security': { role: 'collector', url: () => '/account/security' },
  '/account/dashboard': { role: 'collector', url: () => '/account/dashboard' },
  '/account/collection': { role: 'collector', url: () => '/account/collection' },
  '/account/collection/import': { role: 'collector', url: () => '/account/collection/import' },
  '/account/collection/card-profile/:id': { role: 'collector', url: (f) => `/account/collection/card-profile/${f.cardId}` },
  '/account/collection/binder-detail/:id': { role: 'collector', url: (f) => `/account/collection/binder-detail/${f.binderId}` },
  '/binder/:id': { role: 'collector', url: (f) => `/binder/${f.binderId}?view=pages` },
  '/account/card/add-card': { role: 'collector', url: () => '/account/card/add-card' },
  '/account/manual-grading': { role: 'collector', url: () => '/account/manual-grading' },
  '/account/manual-grading/:cardId': { role: 'collector', url: (f) => `/account/manual-grading/${f.cardId}` },
  '/account/first-grade': { role: 'collector', url: () => '/account/first-grade' },
  '/account/test-detection': { role: 'collector', url: () => '/account/test-detection' },
  '/account/card/grade-card/:id': { role: 'collector', url: (f) => `/account/card/grade-card/${f.cardId}` },
  '/account/card/grading-progress/:userCardId': { role: 'collector', url: (f) => `/account/card/grading-progress/${f.cardId}` },
  '/account/checkout/credits': { role: 'collector', url: () => '/account/checkout/credits?package=standard' },
  '/account/checkout/subscriptions': { role: 'collector', url: () => '/account/checkout/subscriptions' },
  '/account/billing': { role: 'collector', url: () => '/account/billing' },
  '/admin': { role: 'admin', url: () => '/admin' },
  '/admin/*': { role: 'admin', url: (f) => `/admin/database/sync/${f.syncLogId}` },
  '*': { role: 'public', url: () => '/no-such-page' },
};

/**
 * What does not fit, measured in the page: the document wider than the window; any visible element
 * reaching past the left or right edge, unless a visible ancestor scrolls sideways on purpose
 * (overflow-x auto/scroll) and holds it; a button, link, tab or heading whose text is cut by its own
 * overflow (scrollWidth > clientWidth) — ellipsis included, unless the full text is in a title.
 */
function misfits(page: Page, width: number) {
  // The width set, not window.innerWidth: a phone browser zooms out to show a page wider than the
  // screen, and innerWidth (the zoomed-out visual viewport) grows with the page that overflows.
  return page.evaluate((width) => {
    const found: string[] = [];
    const name = (el: Element) => {
      const text = (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? '').trim().replace(/\s+/g, ' ').slice(0, 50);
      const cls = typeof el.className === 'string' ? el.className.split(' ').slice(0, 3).join('.') : '';
      return `<${el.tagName.toLowerCase()}${cls ? '.' + cls : ''}> "${text}"`;
    };
    const doc = document.documentElement;
    if (doc.scrollWidth > width) found.push(`the page is ${doc.scrollWidth}px wide in a ${width}px window`);
    const scroller = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const s = getComputedStyle(p);
        if ((s.overflowX === 'auto' || s.overflowX === 'scroll') && p.scrollWidth > p.clientWidth) {
          const r = p.getBoundingClientRect();
          return r.left >= -1 && r.right <= width + 1 ? p : null;
        }
      }
      return null;
    };
    // Screen-reader-only text (Tailwind's sr-only: a 1 px box clipped to nothing) is not drawn.
    const unseen = (s: CSSStyleDeclaration) => s.clipPath.startsWith('inset(50%') || (s.clip !== 'auto' && s.clip !== '');
    const reported = new Set<Element>();
    for (const el of document.body.querySelectorAll('*')) {
      if (el.closest('[data-sonner-toaster]')) continue;
      const r = el.getBoundingClientRect();
      // Screen-reader-only text is a clipped 1 px box; nothing to see.
      if (r.width <= 1 || r.height <= 1) continue;
      const s = getComputedStyle(el);
      if (s.visibility === 'hidden' || s.opacity === '0' || unseen(s)) continue;
      if (r.right > width + 1 || r.left < -1) {
        if (scroller(el)) continue;
        // One line per outermost offender: its children go past the edge with it.
        if ([...reported].some((p) => p.contains(el))) continue;
        reported.add(el);
        found.push(`${name(el)} spans ${Math.round(r.left)}..${Math.round(r.right)} in ${width}px`);
      }
    }
    for (const el of document.body.querySelectorAll('button, a, [role=tab], h1, h2, h3, h4, label')) {
      const s = getComputedStyle(el);
      if (s.display === 'none' || unseen(s) || el.getBoundingClientRect().width <= 1) continue;
      if (!['hidden', 'clip'].includes(s.overflowX)) continue;
      if (el.scrollWidth > el.clientWidth + 1 && !el.closest('[title]'))
        found.push(`${name(el)} text is cut (${el.scrollWidth} > ${el.clientWidth})`);
    }
    return found;
  }, width);
}

/**
 * The page as it settles: no route spinner, no loading skeleton, the images on screen decoded (a lazy
 * image below the fold never loads, so each waits at most a second), then two frames for layout.
 */
async function settle(page: Page) {
  await expect(page.getByText('Loading cards...')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('.animate-pulse'))
    .toHaveCount(0, { timeout: 10_000 })
    .catch(() => undefined);
  await page.evaluate(() =>
    Promise.all(
      [...document.images].map((i) => Promise.race([i.decode().catch(() => undefined), new Promise((r) => setTimeout(r, 1_000))])),
    ).then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))),
  );
}

/** Checks the current screen at each width; `label` names it in the failure and the screenshot. */
async function expectFits(page: Page, label: string, problems: string[]) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: PHONE_HEIGHT });
    await settle(page);
    for (const p of await misfits(page, width)) problems.push(`${label} @${width}: ${p}`);
  }
  const name = `fit-${label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}`;
  await snap(page, name, '360');
  // With SCREENSHOTS=1, the same screen at 1280 px beside it, for a person comparing the two.
  if (process.env.SCREENSHOTS === '1') {
    await page.setViewportSize({ width: 1280, height: PHONE_HEIGHT });
    await settle(page);
    await snap(page, name, '1280');
    await page.setViewportSize({ width: WIDTHS[WIDTHS.length - 1], height: PHONE_HEIGHT });
  }
}

async function contextFor(browser: Browser, info: TestInfo) {
  const { userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL } = info.project.use;
  const context = await browser.newContext({
    viewport: { width: 360, height: PHONE_HEIGHT },
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    baseURL,
  });
  return context.newPage();
}

/** A collector with one graded card in a public binder, and an unpaid checkout session. */
async function collectorFixture(page: Page, baseURL: string) {
  await registerViaApi(page, baseURL, { firstName: 'Robin' });
  const headers = await csrfHeaders(page.request, baseURL);
  const photos = await generateSyntheticCard(77, { pxPerMm: 10 });
  const card = await addCardViaApi(page, baseURL, photos);
  const grading = await gradeViaApi(page, baseURL, card.id);
  expect(grading.status).toBe('completed');
  const gradingId = grading.gradingId;
  // A long name: the binder pages must still fit.
  const binder = (await (
    await page.request.post('/api/binders', { headers, data: { name: 'Base Set holographic rares from my first booster boxes of 1999' } })
  ).json()) as TBinder;
  expect((await page.request.post(`/api/binders/${binder.id}/cards`, { headers, data: { userCardId: card.id } })).status()).toBe(201);
  expect((await page.request.patch(`/api/binders/${binder.id}`, { headers, data: { isPublic: true } })).status()).toBe(200);
  const checkout = (await (
    await page.request.post('/api/payments/checkout/credits', { headers, data: { package: 'standard' } })
  ).json()) as TCheckoutResponse;
  return { cardId: card.id, binderId: binder.id, sessionId: checkout.url.split('/').pop()!, gradingId };
}

test(
  'every route, the report dialog and the image viewer fit a 360 and a 390 px phone',
  { tag: '@phone-only' },
  async ({ browser }, info) => {
    test.setTimeout(300_000);
    const baseURL = info.project.use.baseURL!;

    // The table first: every route has a visit, every visit a route.
    const routes = appRoutes();
    expect(routes.length).toBeGreaterThan(30);
    expect(
      routes.map((r) => r.path).filter((p) => !VISITS[p]),
      'routes with no visit in phone-fit.spec.ts',
    ).toEqual([]);
    expect(
      Object.keys(VISITS).filter((p) => !routes.some((r) => r.path === p)),
      'visits of routes that no longer exist',
    ).toEqual([]);
    for (const r of routes) if (r.guarded) expect(VISITS[r.path].role, `${r.path} is signed-in only`).not.toBe('public');

    const collector = await contextFor(browser, info);
    const admin = await contextFor(browser, info);
    const visitor = await contextFor(browser, info);
    const made = await collectorFixture(collector, baseURL);
    await loginViaApi(admin, baseURL, 'admin');
    const logs = (await (await admin.request.get('/api/admin/sync/logs')).json()) as { id: string }[];
    const fixture: Fixture = { ...made, syncLogId: logs[0]?.id ?? '00000000-0000-4000-8000-000000000000' };
    const pages: Record<Role, Page> = { public: visitor, collector, admin };

    // The measure itself can fail: a box wider than the screen and a cut button are found.
    await visitor.goto('/about');
    await settle(visitor);
    await visitor.evaluate(() => {
      const wide = Object.assign(document.createElement('div'), { id: 'too-wide', textContent: 'wide' });
      wide.style.width = '500px';
      const cut = Object.assign(document.createElement('button'), {
        id: 'cut',
        textContent: 'A button whose label is far too long to fit',
      });
      cut.style.cssText = 'width: 60px; overflow: hidden; white-space: nowrap';
      document.querySelector('main')!.append(wide, cut);
    });
    const planted = await misfits(visitor, 360);
    // (The first box found past the edge is named: the planted one, or an ancestor it widened.)
    expect(
      planted.some((p) => p.includes(' spans ')),
      planted.join('\n'),
    ).toBe(true);
    expect(
      planted.some((p) => p.includes('text is cut')),
      planted.join('\n'),
    ).toBe(true);
    expect(
      planted.some((p) => p.startsWith('the page is')),
      planted.join('\n'),
    ).toBe(true);

    const problems: string[] = [];
    const visited = new Set<string>();
    for (const [path, visit] of Object.entries(VISITS)) {
      const page = pages[visit.role];
      await page.goto(visit.url(fixture));
      await expectFits(page, `${visit.role} ${path === '*' ? 'not-found' : path}`, problems);
      visited.add(path);
    }
    // Each admin tab is a URL of its own (/admin/*).
    for (const tab of adminTabs()) {
      await admin.goto(`/admin/${tab}`);
      await expect(admin.getByRole('tab', { name: new RegExp(tab, 'i') })).toHaveAttribute('aria-selected', 'true');
      await expectFits(admin, `admin /admin/${tab}`, problems);
    }
    expect(adminTabs()).toHaveLength(7);
    expect([...visited].sort()).toEqual(routes.map((r) => r.path).sort());

    // The phone menu lists every destination of a signed-in user.
    await collector.goto('/account/dashboard');
    await collector.getByRole('button', { name: 'Open menu' }).click();
    const menu = collector.getByRole('navigation', { name: 'Mobile' });
    for (const name of ['Home', 'Dashboard', 'Collection', 'Account', 'Billing'])
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    await expectFits(collector, 'collector menu', problems);
    await admin.goto('/admin/users');
    await admin.getByRole('button', { name: 'Open menu' }).click();
    await expect(admin.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Admin', exact: true })).toBeVisible();

    // The card profile's image viewer: the whole image and Close in view.
    await collector.goto(`/account/collection/card-profile/${fixture.cardId}`);
    await collector.getByRole('button', { name: 'Open Annotated front full size' }).click();
    const viewer = collector.getByRole('dialog', { name: 'Annotated front' });
    await expect(viewer.getByRole('button', { name: 'Close' })).toBeInViewport({ ratio: 1 });
    await expect(viewer.getByRole('img', { name: 'Annotated front' })).toBeInViewport({ ratio: 1 });
    await expectFits(collector, 'collector image viewer', problems);
    await viewer.getByRole('button', { name: 'Close' }).click();

    // The admin report dialog, each of its six tabs, and an image opened from it.
    await admin.goto('/admin/submissions');
    await admin
      .getByRole('button', { name: /View Details/ })
      .first()
      .click();
    const report = admin.getByRole('dialog').first();
    await expect(report.getByRole('tab')).toHaveCount(6);
    for (const tab of await report.getByRole('tab').allInnerTexts()) {
      await report.getByRole('tab', { name: tab }).click();
      await expectFits(admin, `admin report ${tab}`, problems);
    }
    await report.getByRole('tab').first().click();
    await report
      .getByRole('button', { name: /full size/ })
      .first()
      .click();
    const adminViewer = admin.getByRole('dialog').last();
    await expect(adminViewer.getByRole('button', { name: 'Close' })).toBeInViewport({ ratio: 1 });
    await expect(adminViewer.getByRole('img')).toBeInViewport({ ratio: 1 });
    await expectFits(admin, 'admin image viewer', problems);

    // Spec §2.6: the admin shell's Logout ends at the landing page, not at /login?next=….
    await admin.goto('/admin/orders');
    await admin.getByRole('button', { name: 'Logout' }).click();
    await expect(admin).toHaveURL(/\/$/);
    await admin.waitForTimeout(500);
    await expect(admin).toHaveURL(/\/$/);

    expect(problems, 'what does not fit a phone').toEqual([]);
    for (const page of Object.values(pages)) await page.context().close();
  },
);
