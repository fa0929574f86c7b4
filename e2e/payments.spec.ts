import type { Page } from '@playwright/test';
import { expect, expectAccessible, registerViaApi, snap, test } from './fixtures';

/** Moves the built-in provider's clock for this user's customer (test-only endpoint, PAYMENTS_TEST_CLOCK). */
async function advanceProviderClock(page: Page, days: number) {
  const status = await page.evaluate(async (d) => {
    const token =
      document.cookie
        .split('; ')
        .find((c) => c.startsWith('csrf_token='))
        ?.slice('csrf_token='.length) ?? '';
    const res = await fetch('/api/payments/local/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': decodeURIComponent(token) },
      body: JSON.stringify({ days: d }),
    });
    return res.status;
  }, days);
  expect(status).toBe(200);
}

// Each walks a whole purchase through the hosted page and the webhook.
test.describe.configure({ timeout: 90_000 });

const chip = (page: Page) => page.getByRole('navigation', { name: 'Account' }).locator('xpath=..').getByRole('link', { name: /plan/ });

test(
  'buy the Standard pack on the test provider: +20 credits, order Complete, chip updated without a reload',
  { tag: '@postgres' },
  async ({ page }, info) => {
    await registerViaApi(page, info.project.use.baseURL!);
    await page.goto('/account/checkout/credits?package=standard');
    await expect(page.getByRole('radio', { name: /Standard · 20 credits/ })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Pay $29.99' })).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'checkout-credits', info.project.name);

    await page.getByRole('button', { name: 'Pay $29.99' }).click();
    await expect(page).toHaveURL(/\/pay\/local\/cs_local_/);
    await expect(page.getByText(/TEST MODE/)).toBeVisible();
    await expect(page.getByText('$29.99 USD', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'local-checkout', info.project.name);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: /^Pay/ }).click();

    await expect(page).toHaveURL(/\/account\/dashboard\?order=/);
    await expect(page.getByText('20 credits were added to your account.')).toBeVisible({ timeout: 15_000 });
    await expect(chip(page)).toHaveAccessibleName(/^STARTER 23 credits, starter plan/);
    await expectAccessible(page);
    await snap(page, 'checkout-success', info.project.name);

    await page.goto('/account/billing');
    await expect(page.getByTestId('credit-balance')).toHaveText('23');
    const order = page.getByTestId('order-row').first();
    await expect(order).toContainText('Standard pack');
    await expect(order).toContainText('$29.99 USD');
    await expect(order).toContainText('Complete');
    await expect(page.getByText('Standard pack purchased')).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'billing-starter', info.project.name);
  },
);

test(
  'a declined card adds no credits; Cancel goes back and the order shows Cancelled (issue 24.7)',
  { tag: '@desktop-only' },
  async ({ page }, info) => {
    await registerViaApi(page, info.project.use.baseURL!);
    await page.goto('/account/checkout/credits?package=nonsense');
    // An unknown package falls back to the default one.
    await expect(page.getByRole('radio', { name: /Standard/ })).toBeChecked();
    await page.getByRole('radio', { name: /Small/ }).check();
    await page.getByRole('button', { name: 'Pay $9.99' }).click();
    await expect(page).toHaveURL(/\/pay\/local\//);
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(page.getByText('Your card was declined. Try another card.')).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'local-checkout-declined', info.project.name);
    const cancelled = page.waitForResponse((r) => /\/api\/payments\/orders\/[^/]+\/cancel$/.test(r.url()) && r.status() === 200);
    await page.getByRole('button', { name: 'Cancel and go back' }).click();
    await expect(page).toHaveURL(/\/account\/checkout\/credits\?package=small&canceled=1&order=/);
    await cancelled;
    await expect(page.getByText('Checkout was cancelled. Nothing was charged.')).toBeVisible();

    await page.goto('/account/billing');
    await expect(page.getByTestId('credit-balance')).toHaveText('3');
    const order = page.getByTestId('order-row').first();
    await expect(order).toContainText('Small pack');
    await expect(order).toContainText('Cancelled');
    await expect(order).not.toContainText('Pending');
    await expect(order).not.toContainText('Complete');
  },
);

test('subscribe to Pro → Unlimited; cancel keeps Pro until the period ends, then starter', { tag: '@postgres' }, async ({ page }, info) => {
  await registerViaApi(page, info.project.use.baseURL!);
  await page.goto('/pricing?tab=pro');
  await page.getByRole('link', { name: 'Go Pro' }).click();
  await expect(page).toHaveURL(/\/account\/checkout\/subscriptions/);
  await expectAccessible(page);
  await snap(page, 'checkout-pro', info.project.name);
  await page.getByRole('button', { name: /Subscribe for \$19\.99 a month/ }).click();
  await expect(page).toHaveURL(/\/pay\/local\//);
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/account\/dashboard\?subscription=pending/);
  await expect(page.getByText('Welcome to Pro')).toBeVisible({ timeout: 15_000 });
  await expect(chip(page)).toHaveText(/Unlimited/);

  await page.goto('/account/billing');
  await expect(page.getByText('Renews on')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel at period end' }).click();
  await page.getByRole('button', { name: 'Yes, cancel at period end' }).click();
  await expect(page.getByText('Pro ends on')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resume Pro' })).toBeVisible();
  await expect(chip(page)).toHaveText(/Unlimited/);
  await expectAccessible(page);
  await snap(page, 'billing-pro-canceling', info.project.name);

  // Still Pro halfway through the period; starter once it has ended.
  await advanceProviderClock(page, 15);
  await page.reload();
  await expect(chip(page)).toHaveText(/Unlimited/);
  await advanceProviderClock(page, 17);
  await page.reload();
  await expect(chip(page)).toHaveAccessibleName(/^STARTER 3 credits, starter plan/);
  await expect(page.getByText('Canceled', { exact: true })).toBeVisible();
});
