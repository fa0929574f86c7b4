/**
 * What the landing page makes the browser download before first paint (the entry script, its
 * modulepreloads and the stylesheet, gzipped), then Lighthouse performance and accessibility scores
 * for the landing and login pages in Debian's Chromium.
 *   npm run bench:web            (SKIP_LIGHTHOUSE=1 for the sizes only)
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { WEB_DIST, buildWeb } from '../scripts/build-web';
import { startChild } from './lib/child-server';

await buildWeb();
const html = fs.readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8');
const refs = [...html.matchAll(/<(?:script[^>]+src|link[^>]+href)="([^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
let total = 0;
console.log('\nLoaded before first paint (gzip -9):');
for (const ref of refs) {
  const size = zlib.gzipSync(fs.readFileSync(path.join(WEB_DIST, ref)), { level: 9 }).length;
  total += size;
  console.log(`  ${ref.padEnd(48)} ${(size / 1024).toFixed(1)} KB`);
}
console.log(`  total ${(total / 1024).toFixed(1)} KB (target < 150 KB) ${total < 150 * 1024 ? 'PASS' : 'FAIL'}`);

if (!process.env.SKIP_LIGHTHOUSE) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const server = await startChild('bench/web-server.ts');
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    console.log('\nLighthouse (mobile emulation, simulated throttling):');
    for (const page of ['/', '/login']) {
      const result = await lighthouse(`http://127.0.0.1:${server.port}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      const c = result!.lhr.categories;
      const perf = Math.round((c.performance?.score ?? 0) * 100);
      const a11y = Math.round((c.accessibility?.score ?? 0) * 100);
      const fcp = result!.lhr.audits['first-contentful-paint']?.displayValue;
      const lcp = result!.lhr.audits['largest-contentful-paint']?.displayValue;
      console.log(`  ${page.padEnd(8)} performance ${perf}  accessibility ${a11y}  (FCP ${fcp}, LCP ${lcp})  ${perf >= 95 && a11y >= 95 ? 'PASS' : 'FAIL'}`);
    }
  } finally {
    chrome.kill();
    server.child.kill();
  }
}
