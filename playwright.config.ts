import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 5055);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Debian's Chromium, never a downloaded browser; quiet flags because this machine has no network.
const launchOptions = {
  executablePath: CHROMIUM,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
    '--disable-quic',
    // Chromium refuses some ports outright (ERR_UNSAFE_PORT: 5060 and 5061 are SIP's); E2E_PORT may be one.
    `--explicitly-allowed-ports=${PORT}`,
  ],
};

export default defineConfig({
  testDir: 'e2e',
  outputDir: '.tmp/playwright',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // A test signs up, uploads and grades through a real server on a 2-core machine, beside a second worker:
  // 30 s left no headroom for a full-page phone screenshot at the end of a long test.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON ?? '.tmp/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions,
  },
  // Every spec but those tagged @phone-only runs on desktop. At phone width every test runs but those tagged @desktop-only: checks of
  // server answers and redirects whose screens another phone test already lays out. The PostgreSQL pass
  // (scripts/test-all.ts) runs the desktop tests tagged @postgres: journey, payments, admin.
  projects: [
    // @phone-only: a check of phone widths itself (phone-fit.spec.ts); it sets 360 and 390 px on its own.
    {
      name: 'desktop',
      grepInvert: /@phone-only/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
    },
    { name: 'phone', grepInvert: /@desktop-only/, use: { ...devices['Pixel 7'], launchOptions } },
  ],
  webServer: {
    command: 'npx tsx scripts/e2e-server.ts',
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { PORT: String(PORT), HOST: '127.0.0.1' },
  },
});
