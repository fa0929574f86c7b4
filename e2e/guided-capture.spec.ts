/**
 * Guided capture in a real browser with a fake camera: Chromium plays a generated session
 * (src/card-fixtures/capture-sessions.ts: card sliding in, a glare spot, blur, then steady; front then
 * back) as the rear camera. The live checks must change state as the session does, auto-capture must
 * fire only on good frames, and the captured pair must be graded by the engine, not refused.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { buildSession, realScenes, syntheticScenes, toY4m, type Session } from '../src/card-fixtures/capture-sessions';
import { loadRealPhotos } from '../src/card-fixtures/real-photos';
import sharp from 'sharp';
import { CAPTURE_LIMITS, readFrame } from '../src/engine/browser';
import { EngineRefusal, gradeCard } from '../src/engine/index';
import { evaluateChecks } from '../src/web/features/capture/capture-checks';
import { expect, expectAccessible, registerViaApi, test } from './fixtures';

const DIR = path.resolve('.tmp/capture');
const SHOTS = path.resolve('/work/notes/shots-capture');
/** A real photo session when ../shared is on this machine (phone project), else a generated card. */
const REAL_PHOTO = 'images/andrewgurg__white_straight.jpg';

async function session(project: string): Promise<Session> {
  if (project === 'phone') {
    const real = loadRealPhotos();
    const photo = real.photos?.find((p) => p.file === REAL_PHOTO);
    if (real.photos && photo) return buildSession('real', await realScenes(real.dir, photo));
    console.log(`guided capture: real photos skipped (${real.photos ? `${REAL_PHOTO} missing` : real.reason}); a generated card stands in`);
  }
  return buildSession('synthetic', await syntheticScenes(27));
}

const videoFor = (project: string) => path.join(DIR, `session-${project}.y4m`);

/** Writes the project's session video once (.tmp/, never committed). */
async function ensureVideo(project: string): Promise<string> {
  fs.mkdirSync(DIR, { recursive: true });
  const file = videoFor(project);
  if (!fs.existsSync(file)) {
    // Played at 4 frames a second (the session's 10 slowed down): each stretch lasts long enough to be
    // checked a few times even when this shared machine is loaded.
    fs.writeFileSync(`${file}.part`, Buffer.concat(toY4m(await session(project), 4)));
    fs.renameSync(`${file}.part`, file);
  }
  return file;
}

// Chromium's fake camera plays the project's video (and loops it); the fake UI grants the permission.
// A worker-scoped override: the video is written before this worker's browser starts.
test.use({
  launchOptions: [
    async ({ launchOptions }, use, workerInfo) => {
      const video = await ensureVideo(workerInfo.project.name);
      await use({
        ...launchOptions,
        args: [
          ...(launchOptions.args ?? []),
          '--use-fake-device-for-media-stream',
          '--use-fake-ui-for-media-stream',
          `--use-file-for-fake-video-capture=${video}`,
        ],
      });
    },
    { scope: 'worker' },
  ],
});
test.setTimeout(120_000);
test.beforeAll(() => fs.mkdirSync(SHOTS, { recursive: true }));
// The capture screen must work on the narrowest phones the site supports.
test.beforeEach(async ({ page }, info) => {
  if (info.project.name === 'phone') await page.setViewportSize({ width: 360, height: 760 });
});

type CheckStates = Record<string, string>;
const readChecks = (page: Page) =>
  page.evaluate(() =>
    Object.fromEntries([...document.querySelectorAll<HTMLElement>('[data-check]')].map((li) => [li.dataset.check!, li.dataset.state!])),
  );

/** Polls the check list until `done` shows, keeping every distinct set of states, and a screenshot of the first of each kind. */
async function watchChecks(page: Page, done: () => Promise<boolean>, shot: (name: string) => Promise<void>) {
  const seen: CheckStates[] = [];
  const shotTaken = new Set<string>();
  while (!(await done())) {
    const states = await readChecks(page);
    if (Object.keys(states).length) {
      seen.push(states);
      const kind =
        states.found === 'unmet'
          ? 'no-card'
          : states.inFrame === 'unmet'
            ? 'cut-off'
            : states.glare === 'unmet'
              ? 'glare'
              : states.sharp === 'unmet'
                ? 'blur'
                : Object.values(states).every((s) => s === 'met')
                  ? 'all-met'
                  : null;
      if (kind && !shotTaken.has(kind)) {
        shotTaken.add(kind);
        await shot(kind);
      }
    }
    await page.waitForTimeout(60);
  }
  return seen;
}

test('guided capture: live checks follow the camera, auto-capture takes the good frames, the engine grades the pair', async ({
  page,
}, info) => {
  const project = info.project.name;
  await registerViaApi(page, info.project.use.baseURL!, { firstName: 'Cam' });
  await page.goto('/account/card/add-card');
  await page.getByRole('button', { name: 'Use camera' }).click();
  const dialog = page.getByRole('dialog', { name: 'Photograph the front' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Photo checks' }).getByRole('listitem')).toHaveCount(7);
  await expect(dialog.getByRole('list', { name: 'Photo checks' })).toHaveAttribute('aria-live', 'polite');
  await expect(dialog.getByRole('status')).not.toBeEmpty();
  const shot = (face: string) => async (name: string) => {
    await page.screenshot({ path: path.join(SHOTS, `capture-${face}-${name}-${project}.png`) });
  };

  const review = page.getByRole('dialog', { name: 'Check your photos' });
  const front = await watchChecks(
    page,
    () => page.getByRole('dialog', { name: 'Photograph the back' }).or(review).isVisible(),
    shot('front'),
  );
  const back = await watchChecks(page, () => review.isVisible(), shot('back'));
  const ever = (seen: CheckStates[], id: string, state: string) => seen.some((st) => st[id] === state);
  for (const [face, seen] of [
    ['front', front],
    ['back', back],
  ] as const) {
    expect(
      seen.some((st) => Object.values(st).every((v) => v === 'met')),
      `${face}: good frames`,
    ).toBe(true);
  }
  // The back's session plays from its start while the guide runs (the front's may have begun before the
  // first check): the card was seen sliding in. The glare spot and the blurred stretch (a few checks
  // each on a loaded machine) showed in the checks of one face or the other.
  expect(ever(back, 'inFrame', 'unmet') || ever(back, 'found', 'unmet'), 'back: card sliding in').toBe(true);
  expect(ever([...front, ...back], 'glare', 'unmet'), 'glare spot').toBe(true);
  expect(ever([...front, ...back], 'sharp', 'unmet'), 'blurred stretch').toBe(true);
  await expect(review.getByRole('img', { name: 'Captured front' })).toBeVisible();
  await expect(review.getByRole('img', { name: 'Captured back' })).toBeVisible();
  await expect(review.getByRole('button', { name: 'Retake front' })).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, `capture-review-${project}.png`) });
  await expectAccessible(page);
  await review.getByRole('button', { name: 'Use these photos' }).click();
  await expect(review).toBeHidden();

  // The form's own photo slots now hold the captured photos.
  const photos: Record<'front' | 'back', Buffer> = { front: Buffer.alloc(0), back: Buffer.alloc(0) };
  for (const face of ['Front', 'Back'] as const) {
    const preview = page.getByRole('img', { name: `${face} preview` });
    await expect(preview).toBeVisible();
    // The slot's preview shows the captured file; its pixels, losslessly (its object URL may be revoked already).
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    const b64 = await preview.evaluate((img: HTMLImageElement) => {
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      canvas.getContext('2d')!.drawImage(img, 0, 0);
      return canvas.toDataURL('image/png').split(',')[1];
    });
    photos[face.toLowerCase() as 'front' | 'back'] = Buffer.from(b64, 'base64');
  }
  // Auto-capture took good frames: each still passes every check (glare, blur, cut-off included) ...
  for (const face of ['front', 'back'] as const) {
    const { data, info: size } = await sharp(photos[face]).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const reading = readFrame(face, { width: size.width, height: size.height, data }, size);
    expect(
      evaluateChecks(reading, size, CAPTURE_LIMITS)
        .filter((c) => c.state !== 'met')
        .map((c) => c.id),
      `${face} still`,
    ).toEqual([]);
  }
  // ... and the engine grades the captured pair (no refusal for a reason the guide checks).
  let refusal: string | null = null;
  try {
    await gradeCard({ front: photos.front, back: photos.back });
  } catch (err) {
    if (!(err instanceof EngineRefusal)) throw err;
    refusal = err.message;
  }
  expect(refusal).toBeNull();
});

test('guided capture on test detection: the captured photo goes straight to the engine', async ({ page }, info) => {
  await registerViaApi(page, info.project.use.baseURL!, { firstName: 'Cam' });
  await page.goto('/account/test-detection');
  await page.getByRole('button', { name: 'Use camera' }).click();
  const review = page.getByRole('dialog', { name: 'Check your photo' });
  await expect(review).toBeVisible({ timeout: 60_000 });
  await review.getByRole('button', { name: 'Use this photo' }).click();
  await expect(page.getByRole('heading', { name: 'Card found: this front photo can be graded' })).toBeVisible({ timeout: 30_000 });
});

test('guided capture: the shutter works from the keyboard, and check states are announced', async ({ page }, info) => {
  await registerViaApi(page, info.project.use.baseURL!, { firstName: 'Cam' });
  await page.goto('/account/test-detection');
  await page.getByRole('button', { name: 'Use camera' }).click();
  const dialog = page.getByRole('dialog', { name: 'Photograph the front' });
  const checks = dialog.getByRole('list', { name: 'Photo checks' });
  await expect(checks).toHaveAttribute('aria-live', 'polite');
  // Each state is in words for screen readers, not only an icon's colour.
  await expect(checks.getByRole('listitem').first()).toHaveText(/Card found: (done|not yet|waiting)/);
  const shutter = dialog.getByRole('button', { name: 'Take photo' });
  await expect(shutter).toBeEnabled();
  await shutter.focus();
  await expect(shutter).toBeFocused();
  await page.keyboard.press('Enter');
  // A manual shot is kept as taken: the review follows.
  await expect(page.getByRole('dialog', { name: 'Check your photo' })).toBeVisible({ timeout: 30_000 });
});

test('guided capture without a camera: a clear message and the file picker', async ({ page }, info) => {
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  await registerViaApi(page, info.project.use.baseURL!, { firstName: 'Cam' });
  await page.goto('/account/card/add-card');
  await page.getByRole('button', { name: 'Use camera' }).click();
  const dialog = page.getByRole('dialog', { name: 'Camera unavailable' });
  await expect(dialog.getByText(/Camera access was refused/)).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, `capture-denied-${info.project.name}.png`) });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Choose photos from your files' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Front', { exact: true })).toBeAttached();
});

test('guided capture keeps up: checks per second, and under 4× CPU throttling @desktop-only', async ({ page }, info) => {
  await registerViaApi(page, info.project.use.baseURL!, { firstName: 'Cam' });
  await page.goto('/account/test-detection');
  const cdp = await page.context().newCDPSession(page);
  const rates: Record<string, number> = {};
  for (const rate of [1, 4]) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await page.getByRole('button', { name: 'Use camera' }).click();
    await expect(page.getByRole('dialog', { name: 'Photograph the front' })).toBeVisible();
    await page.waitForTimeout(1500);
    const marks = () =>
      page.evaluate(() =>
        performance.getEntriesByName('capture-check').map((m) => (m as PerformanceMark).detail as { ms: number; tracked: boolean }),
      );
    const c0 = (await marks()).length;
    const t0 = Date.now();
    await page.waitForTimeout(4000);
    const seen = (await marks()).slice(c0);
    const perSecond = seen.length / ((Date.now() - t0) / 1000);
    rates[`×${rate}`] = Math.round(perSecond * 10) / 10;
    // Emulation.setCPUThrottlingRate slows the page's main thread only, not the checking worker: at ×4 the
    // worker's own time is counted three more times, as if a phone 4× slower ran it too, serially (an upper bound).
    const workerMs = seen.map((m) => m.ms).sort((a, b) => a - b)[seen.length >> 1] ?? 0;
    rates[`worker ms ×${rate}`] = Math.round(workerMs);
    rates[`traced on ×${rate}`] = seen.length ? Math.round((100 * seen.filter((m) => m.tracked).length) / seen.length) : 0;
    if (rate > 1 && perSecond > 0) rates[`×${rate} worker too`] = Math.round(10000 / (1000 / perSecond + (rate - 1) * workerMs)) / 10;
    await page.getByRole('button', { name: 'Close camera' }).click();
    await page.evaluate(() => performance.clearMarks('capture-check'));
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  console.log(`guided capture checks per second: ${JSON.stringify(rates)}`);
  info.annotations.push({ type: 'checks per second', description: JSON.stringify(rates) });
  // The auto-capture needs several readings within its 0.7 s hold even on a slow phone.
  // Floors far below the goal (5 a second at ×4; docs/decisions/019-guided-capture.md has the figures, and
  // bench:capture measures the speed): on this shared 2-core machine under the whole suite's load the
  // figures swing tenfold (1 a second at ×1 on one run, the worker's check taking 1.5 s against its 40 ms
  // alone); these catch a check loop that stalls.
  expect(rates['×1']).toBeGreaterThanOrEqual(0.5);
  expect(rates['×4']).toBeGreaterThan(0);
});
