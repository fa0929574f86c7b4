import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import path from 'node:path';
import type { TGrading } from '@contract/gradings';
import type { TUserCard } from '@contract/user-cards';

export const DEMO_PASSWORD = process.env.E2E_DEMO_PASSWORD ?? 'e2e-demo-password';
export const SCREENSHOT_DIR = path.resolve('.tmp/screenshots');
const DOCS_SCREENSHOT_DIR = path.resolve('docs/screenshots');

let counter = 0;
export const uniqueName = (prefix = 'e2e') =>
  `${prefix}_${Date.now().toString(36)}${(counter++).toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The CSRF cookie the server hands out, echoed in the header like the web app does. */
export async function csrfHeaders(request: APIRequestContext, baseURL: string) {
  await request.get('/api/health');
  const state = await request.storageState();
  const token =
    state.cookies.find((c) => c.name === 'csrf_token' && baseURL.includes(c.domain))?.value ??
    state.cookies.find((c) => c.name === 'csrf_token')?.value;
  return { 'x-csrf-token': token ?? '' };
}

export interface Account {
  username: string;
  email: string;
  password: string;
}

/** Registers a fresh account through the API (only the sign-in tests type passwords into forms). */
export async function registerViaApi(page: Page, baseURL: string, overrides: Partial<Account> & { firstName?: string } = {}) {
  const username = overrides.username ?? uniqueName('u');
  const account = { username, email: overrides.email ?? `${username}@example.test`, password: overrides.password ?? 'e2e password 1' };
  const headers = await csrfHeaders(page.request, baseURL);
  const res = await page.request.post('/api/auth/register', { data: { ...account, firstName: overrides.firstName }, headers });
  expect(res.status(), await res.text()).toBe(201);
  return account;
}

export async function loginViaApi(page: Page, baseURL: string, username: string, password = DEMO_PASSWORD) {
  const headers = await csrfHeaders(page.request, baseURL);
  const res = await page.request.post('/api/auth/login', { data: { username, password }, headers });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Full-page screenshot into .tmp/screenshots/<name>-<project>.png, for a person to look at. Only with
 * SCREENSHOTS=1: a full-page shot costs up to a second, and CI's runs have nobody looking.
 */
export async function snap(page: Page, name: string, projectName: string) {
  if (process.env.SCREENSHOTS !== '1') return;
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // From the top: a full-page shot taken mid-scroll draws the sticky header in the middle of the page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${projectName}.png`), fullPage: true });
}

/**
 * A screenshot kept in docs/screenshots (the README and decision records show them), taken from the
 * top. Only with SCREENSHOTS=1, like snap: a test run never rewrites committed files.
 */
export async function keepForDocs(target: Page | Locator, name: string, opts: { fullPage?: boolean } = {}) {
  if (process.env.SCREENSHOTS !== '1') return;
  fs.mkdirSync(DOCS_SCREENSHOT_DIR, { recursive: true });
  const file = path.join(DOCS_SCREENSHOT_DIR, `${name}.png`);
  if ('goto' in target) {
    await target.evaluate(() => window.scrollTo(0, 0));
    await target.screenshot({ path: file, fullPage: opts.fullPage ?? false });
  } else {
    await target.scrollIntoViewIfNeeded();
    await target.screenshot({ path: file });
  }
}

/** axe on the current page: no serious or critical violations. */
export async function expectAccessible(page: Page) {
  // Measure what a reader sees at rest: a toast caught mid-fade has half its opacity and fails
  // contrast at random. Reduced motion makes sonner (and our own transitions) jump to the end state.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        // A spinner runs forever; waiting on it would hang.
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  await page.emulateMedia({ reducedMotion: null });
  expect(
    bad.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    ),
  ).toEqual([]);
}

export const test = base;
export { expect };

/** The last 6-digit reset code mailed to `email` (the e2e server's loopback SMTP files each mail). */
export async function readResetCode(email: string, after = 0): Promise<string> {
  const file = path.resolve('.tmp/e2e-mail', `${email.toLowerCase()}.eml`);
  for (let i = 0; i < 50; i++) {
    if (fs.existsSync(file)) {
      const codes = [...fs.readFileSync(file, 'utf8').matchAll(/reset code is (\d{6})/g)].map((m) => m[1]);
      if (codes.length > after) return codes.at(-1)!;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no reset mail reached ${email}`);
}

/** A Base Set Charizard added with these photos, through the API (one helper for every spec). */
export async function addCardViaApi(page: Page, baseURL: string, photos: { front: Buffer; back: Buffer }) {
  const res = await page.request.post('/api/user-cards', {
    headers: await csrfHeaders(page.request, baseURL),
    multipart: {
      cardId: 'base1-4',
      front: { name: 'front.jpg', mimeType: 'image/jpeg', buffer: photos.front },
      back: { name: 'back.jpg', mimeType: 'image/jpeg', buffer: photos.back },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as TUserCard;
}

/** Starts a grading and waits (up to 90 s, the engine on a loaded machine) for it to finish, completed or failed. */
export async function gradeViaApi(page: Page, baseURL: string, cardId: string): Promise<TGrading> {
  const started = await page.request.post(`/api/user-cards/${cardId}/grade`, { headers: await csrfHeaders(page.request, baseURL) });
  expect(started.status(), await started.text()).toBe(202);
  for (let i = 0; i < 180; i++) {
    const [g] = (await (await page.request.get(`/api/user-cards/${cardId}/gradings`)).json()) as TGrading[];
    if (g && (g.status === 'completed' || g.status === 'failed')) return g;
    await page.waitForTimeout(500);
  }
  throw new Error('the grading did not finish');
}
