import { expect, expectAccessible, snap, test } from './fixtures';

/** Every public page: its heading, the footer rule, an axe check and a screenshot to look at. */
const PUBLIC_PAGES: { path: string; name: string; heading: RegExp | string; footer: boolean }[] = [
  { path: '/', name: 'landing', heading: /./, footer: true },
  { path: '/features', name: 'features', heading: /./, footer: true },
  { path: '/pricing', name: 'pricing', heading: /./, footer: true },
  { path: '/faq', name: 'faq', heading: /./, footer: true },
  { path: '/terms', name: 'terms', heading: /./, footer: true },
  { path: '/privacy', name: 'privacy', heading: /./, footer: true },
  { path: '/blog', name: 'blog', heading: /./, footer: true },
  { path: '/how-it-works', name: 'how-it-works', heading: /./, footer: true },
  { path: '/about', name: 'about', heading: /./, footer: true },
  { path: '/login', name: 'login', heading: 'Sign in', footer: false },
  { path: '/auth/login', name: 'auth-login', heading: 'Sign in', footer: false },
  { path: '/register', name: 'register', heading: 'Create your account', footer: false },
  { path: '/auth/register', name: 'auth-register', heading: 'Create your account', footer: false },
  { path: '/auth/forgot-password', name: 'forgot-password', heading: 'Forgot your password?', footer: false },
  { path: '/auth/reset-password?email=ann%40example.test', name: 'reset-password', heading: 'Reset your password', footer: false },
  { path: '/logout-success', name: 'logout-success', heading: 'Logged Out Successfully', footer: false },
  { path: '/no/such/page', name: 'not-found', heading: '404 Page Not Found', footer: false },
];

for (const p of PUBLIC_PAGES) {
  test(`public page ${p.path} renders, is accessible and ${p.footer ? 'has' : 'has no'} footer`, async ({ page }, info) => {
    await page.goto(p.path);
    await expect(page.getByRole('heading', { level: 1, name: p.heading })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toHaveCount(p.footer ? 1 : 0);
    // Signed out: Sign In in the bar on desktop, behind the menu button at phone width.
    await expect(
      info.project.name === 'phone'
        ? page.getByRole('button', { name: 'Open menu' })
        : page.getByRole('link', { name: 'Sign In', exact: true }),
    ).toBeVisible();
    await expectAccessible(page);
    await snap(page, p.name, info.project.name);
  });
}

test('a blog post opens from the list and has the footer', async ({ page }, info) => {
  await page.goto('/blog');
  const first = page.getByRole('main').getByRole('link').first();
  const title = (await first.textContent())!.trim();
  await first.click();
  await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'blog-post', info.project.name);
});

test('an unknown blog post is a 404', { tag: '@desktop-only' }, async ({ page }) => {
  await page.goto('/blog/no-such-post');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
});

test('pricing opens on the Pro tab with ?tab=pro', async ({ page }, info) => {
  await page.goto('/pricing?tab=pro');
  await expect(page.getByRole('tab', { name: 'Pro' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('link', { name: 'Go Pro' })).toBeVisible();
  await snap(page, 'pricing-pro', info.project.name);
});

test('the lazy route fallback is the Loading cards... spinner', { tag: '@desktop-only' }, async ({ page }) => {
  // Hold the page chunk back so the fallback stays on screen long enough to see.
  await page.route(/\/assets\/FaqPage-.*\.js$/, async (route) => {
    await new Promise((r) => setTimeout(r, 800));
    await route.continue();
  });
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
  await expect(page.getByText('Loading cards...')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a route change scrolls back to the top', { tag: '@desktop-only' }, async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL('/privacy');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('the mobile menu toggles the main links', async ({ page }, info) => {
  test.skip(info.project.name !== 'phone', 'the menu button shows at phone width only');
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu.getByRole('link', { name: 'How It Works' })).toBeVisible();
  await snap(page, 'mobile-menu', info.project.name);
  await menu.getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL('/pricing');
  await expect(menu).toBeHidden();
});

test('the top navigation links every marketing page', async ({ page }, info) => {
  test.skip(info.project.name !== 'desktop', 'desktop navigation');
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [label, path] of [
    ['Features', '/features'],
    ['Pricing', '/pricing'],
    ['How It Works', '/how-it-works'],
    ['About', '/about'],
    ['Home', '/'],
  ]) {
    await nav.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(path);
  }
  await page.getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL('/register');
});

test('signed-out visitors of /account pages go to /login', { tag: '@desktop-only' }, async ({ page }) => {
  for (const path of ['/account/profile', '/account/dashboard', '/account/security', '/account/collection/binder-detail/1']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login\?next=/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  }
});
