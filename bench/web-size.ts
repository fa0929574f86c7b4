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
type ManifestChunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean; src?: string };
const manifest = JSON.parse(fs.readFileSync(path.join(WEB_DIST, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
// The landing page paints after the entry script and the lazily loaded LandingPage chunk, with
// everything both import statically, and the stylesheets.
const wanted = new Set<string>();
const visit = (key: string) => {
  const chunk = manifest[key];
  if (!chunk || wanted.has(chunk.file)) return;
  wanted.add(chunk.file);
  chunk.css?.forEach((c) => wanted.add(c));
  chunk.imports?.forEach(visit);
};
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry)!;
visit(entryKey);
visit(Object.keys(manifest).find((k) => k.endsWith('features/marketing/LandingPage.tsx'))!);
let total = 0;
let jsTotal = 0;
console.log('\nLanding page: loaded before its first contentful paint (gzip -9):');
for (const file of wanted) {
  const size = zlib.gzipSync(fs.readFileSync(path.join(WEB_DIST, file)), { level: 9 }).length;
  total += size;
  if (file.endsWith('.js')) jsTotal += size;
  console.log(`  ${file.padEnd(48)} ${(size / 1024).toFixed(1)} KB`);
}
console.log(
  `  JavaScript ${(jsTotal / 1024).toFixed(1)} KB (target < 150 KB) ${jsTotal < 150 * 1024 ? 'PASS' : 'FAIL'}; with CSS ${(total / 1024).toFixed(1)} KB`,
);

if (!process.env.SKIP_LIGHTHOUSE) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const server = await startChild('bench/web-server.ts');
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  try {
    // Lighthouse scores move by a few points between runs on a shared machine: report the median of RUNS.
    const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
    console.log(`\nLighthouse (mobile emulation, simulated throttling; median of ${RUNS} runs):`);
    for (const page of ['/', '/login']) {
      const runs: { perf: number; a11y: number; line: string }[] = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(`http://127.0.0.1:${server.port}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        });
        const { categories: c, audits: a } = result!.lhr;
        runs.push({
          perf: Math.round((c.performance?.score ?? 0) * 100),
          a11y: Math.round((c.accessibility?.score ?? 0) * 100),
          line: `FCP ${a['first-contentful-paint']?.displayValue}, LCP ${a['largest-contentful-paint']?.displayValue}, TBT ${a['total-blocking-time']?.displayValue}, CLS ${a['cumulative-layout-shift']?.displayValue}`,
        });
      }
      runs.sort((x, y) => x.perf - y.perf);
      const mid = runs[Math.floor(runs.length / 2)];
      console.log(
        `  ${page.padEnd(8)} performance ${mid.perf} (runs ${runs.map((r) => r.perf).join(', ')})  accessibility ${mid.a11y}  (${mid.line})  ${mid.perf >= 95 && mid.a11y >= 95 ? 'PASS' : 'FAIL'}`,
      );
    }
  } finally {
    chrome.kill();
    server.child.kill();
  }
}
