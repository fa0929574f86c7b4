import { csrfHeaders, expect, expectAccessible, loginViaApi, readResetCode, registerViaApi, snap, test, uniqueName } from './fixtures';

test('register with the form, land signed in with the starter chip, then log out', async ({ page }, info) => {
  const username = uniqueName('reg');
  await page.goto('/auth/register');
  await page.getByLabel('First name (optional)').fill('Robin');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(`${username}@example.test`);
  await page.getByLabel('Password', { exact: true }).fill('a long password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL('/account/dashboard');
  await expect(page.getByRole('link', { name: /^STARTER 3 credits, starter plan/ })).toBeVisible();
  await expect(page.getByRole('link', { name: `Dashboard for ${username}` })).toHaveText('R');
  await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await snap(page, 'dashboard-new-account', info.project.name);

  if (info.project.name === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/logout-success');
  await expect(page.getByText('Logged out', { exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Account' })).toHaveCount(0);
  await expect(page).toHaveURL('/', { timeout: 8_000 });
  await page.goto('/account/profile');
  await expect(page).toHaveURL(/\/login/);
});

test('the form shows the server reasons: taken username and a wrong password', { tag: '@desktop-only' }, async ({ page }, info) => {
  const taken = await registerViaApi(page, info.project.use.baseURL!);
  await page.context().clearCookies();
  await page.goto('/register');
  await page.getByLabel('Username').fill(taken.username);
  await page.getByLabel('Email').fill(`${uniqueName('x')}@example.test`);
  await page.getByLabel('Password', { exact: true }).fill('a long password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('That username is taken. Try another one.')).toBeVisible();
  await page.getByLabel('Username').fill('ab');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Username or email').fill(taken.username);
  await page.getByLabel('Password', { exact: true }).fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('The username or password is not correct.');
  await snap(page, 'login-error', info.project.name);
});

test('sign in from a guarded page comes back to it, on both login paths', { tag: '@desktop-only' }, async ({ page }, info) => {
  const account = await registerViaApi(page, info.project.use.baseURL!, { firstName: 'Ann' });
  for (const loginPath of ['/login', '/auth/login']) {
    await page.context().clearCookies();
    await page.goto(`${loginPath}?next=%2Faccount%2Fsecurity`);
    await page.getByLabel('Username or email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/account/security');
    await expect(page.getByRole('heading', { name: 'Security' })).toBeVisible();
  }
});

test('forgot and reset password with the mailed code, then sign in with the new password', async ({ page }, info) => {
  const account = await registerViaApi(page, info.project.use.baseURL!);
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  // Once on a busy machine the field was empty at submit ("Enter a valid email address"): the page had
  // rendered again after the fill. Fill until the field holds the address (cause not yet found; stop note).
  await expect(async () => {
    await page.getByLabel('Email').fill(account.email);
    await expect(page.getByLabel('Email')).toHaveValue(account.email, { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await page.getByRole('button', { name: 'Send reset code' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await expect(page.getByText('Password reset email sent')).toBeVisible();
  await snap(page, 'forgot-sent', info.project.name);
  const code = await readResetCode(account.email);

  await page.getByRole('link', { name: 'Enter reset code' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(account.email);
  await page.getByLabel('Reset code').fill(code);
  await page.getByLabel('New password').fill('short');
  await expect(page.getByText('Password too short')).toBeVisible();
  await page.getByLabel('New password').fill('brand new password');
  await page.getByLabel('Confirm password').fill('brand new passwor');
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await snap(page, 'reset-rules', info.project.name);
  await page.getByLabel('Confirm password').fill('brand new password');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL('/auth/login');
  await expect(page.getByText('Password reset successful')).toBeVisible();

  await page.getByLabel('Username or email').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill('brand new password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/account/dashboard');
});

test('a wrong reset code is refused with the server reason', { tag: '@desktop-only' }, async ({ page }, info) => {
  const account = await registerViaApi(page, info.project.use.baseURL!);
  await page.context().clearCookies();
  await page.goto(`/auth/reset-password?email=${encodeURIComponent(account.email)}`);
  await page.getByLabel('Reset code').fill('000000');
  await page.getByLabel('New password').fill('brand new password');
  await page.getByLabel('Confirm password').fill('brand new password');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Error resetting password')).toBeVisible();
  await expect(page).toHaveURL(/reset-password/);
});

test('profile, profile edit and security pages', async ({ page }, info) => {
  const account = await registerViaApi(page, info.project.use.baseURL!, { firstName: 'Lee' });
  await page.goto('/account/profile');
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
  await expect(page.getByText(account.email)).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'profile', info.project.name);

  await page.getByRole('link', { name: 'Edit profile' }).click();
  await expect(page.getByLabel('First name')).toHaveValue('Lee');
  await page.getByLabel('Last name').fill('Park');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL('/account/profile');
  await expect(page.getByRole('heading', { name: 'Lee Park' })).toBeVisible();

  await page.goto('/account/security');
  await expect(page.getByText('This device')).toBeVisible();
  await page.getByLabel('Current password').fill(account.password);
  await page.getByLabel('New password', { exact: true }).fill('another password 2');
  await page.getByLabel('Confirm new password').fill('another password 2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(/^Password changed\. \d+ other sessions? signed out\.$/)).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'security', info.project.name);
});

test('signing out other sessions ends them', { tag: '@desktop-only' }, async ({ page, browser }, info) => {
  const account = await registerViaApi(page, info.project.use.baseURL!);
  const other = await browser.newContext({ baseURL: info.project.use.baseURL });
  const otherPage = await other.newPage();
  await loginViaApi(otherPage, info.project.use.baseURL!, account.username, account.password);
  await page.goto('/account/security');
  await page.getByRole('button', { name: /Sign out other sessions \(1\)/ }).click();
  await expect(page.getByText('Other sessions signed out')).toBeVisible();
  expect((await otherPage.request.get('/api/auth/user')).status()).toBe(401);
  await other.close();
});

test('administrators get the Admin link, collectors get Access Denied there', async ({ page }, info) => {
  await loginViaApi(page, info.project.use.baseURL!, 'admin');
  await page.goto('/account/profile');
  await page.getByRole('link', { name: 'Admin', exact: true }).click();
  await expect(page).toHaveURL('/admin/dashboard');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

  await page.context().clearCookies();
  await loginViaApi(page, info.project.use.baseURL!, 'pro');
  await page.goto('/account/profile');
  await expect(page.getByRole('link', { name: /^PRO Unlimited gradings, Pro plan/ })).toHaveText(/Unlimited/);
  await expect(page.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
  await page.goto('/admin/dashboard');
  await expect(page.getByText("Access Denied - You don't have permission to access the admin dashboard.")).toBeVisible();
});

test('the redirects of the spec', { tag: '@desktop-only' }, async ({ page }, info) => {
  await loginViaApi(page, info.project.use.baseURL!, 'collector');
  const table: [string, string][] = [
    ['/subscribe', '/account/checkout/subscriptions'],
    ['/account/credits', '/account/checkout/credits'],
    ['/account/billing/orders/42', '/account/billing'],
    ['/account/upgrade-pro', '/pricing?tab=pro'],
    ['/checkout/success', '/account/dashboard'],
    ['/subscription/success', '/account/dashboard'],
  ];
  for (const [from, to] of table) {
    await page.goto(from);
    await expect(page).toHaveURL(to);
  }
});

test(
  'a session ended elsewhere: the next API call answers 401 and the login page says why',
  { tag: '@desktop-only' },
  async ({ page, browser }, info) => {
    // An account of this test's own with a second session, so "Sign out other sessions" is enabled
    // whichever tests run beside it (the demo collector has other sessions only while other tests sign in).
    const baseURL = info.project.use.baseURL!;
    const account = await registerViaApi(page, baseURL);
    const other = await browser.newContext({ baseURL });
    const elsewhere = await other.newPage();
    await loginViaApi(elsewhere, baseURL, account.username, account.password);
    await page.goto('/account/security');
    await expect(page.getByRole('button', { name: 'Sign out other sessions (1)' })).toBeEnabled();
    // The other device signs out every session but its own, this one included: a real 401 comes next.
    const revoked = await elsewhere.request.post('/api/auth/sessions/revoke-others', {
      headers: await csrfHeaders(elsewhere.request, baseURL),
    });
    expect(revoked.status(), await revoked.text()).toBe(200);
    await other.close();
    await page.getByRole('button', { name: 'Sign out other sessions (1)' }).click();
    // Spec §8's toast lasts the 500 ms before the redirect (query-client.test.ts checks it); the login
    // page says it again, so on a loaded machine or for a slow reader the reason is still there.
    await expect(page).toHaveURL('/login?next=%2Faccount%2Fsecurity');
    await expect(page.getByRole('status').filter({ hasText: 'Unauthorized' })).toHaveText(
      'UnauthorizedYou are logged out. Logging in again...',
    );
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  },
);

test('the bell shows unread notifications; clicking one marks it read and opens its card', async ({ page }, info) => {
  await registerViaApi(page, info.project.use.baseURL!);
  const cardId = '11111111-1111-4111-8111-111111111111';
  let read = false;
  await page.route('**/api/user-messages', (route) =>
    route.fulfill({
      json: [
        {
          id: 'm1',
          title: 'Grading complete',
          message: 'Your Charizard graded PSA 9.',
          isRead: read,
          createdAt: new Date().toISOString(),
          relatedCardId: cardId,
        },
        {
          id: 'm2',
          title: 'Welcome',
          message: 'Thanks for joining.',
          isRead: true,
          createdAt: new Date(Date.now() - 86400e3).toISOString(),
          relatedCardId: null,
        },
      ],
    }),
  );
  await page.route('**/api/user-messages/m1/mark-read', (route) => {
    read = true;
    return route.fulfill({ json: { message: 'ok' } });
  });
  await page.goto('/account/profile');
  const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible();
  await bell.click();
  await snap(page, 'notifications', info.project.name);
  await page.getByRole('button', { name: /Grading complete/ }).click();
  await expect(page).toHaveURL(`/account/collection/card-profile/${cardId}`);
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
});
