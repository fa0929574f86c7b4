/**
 * The engine is the product's heart and a pure library: pixels in, measurements and grades out. These
 * checks keep it that way as it grows, by resolving every import of every source file:
 * - code outside src/engine reaches it through two doors: src/engine/index.ts, and src/engine/browser.ts
 *   (the sharp-free detection the web app's capture guide bundles; it must stay free of sharp and Node);
 * - engine code imports only itself, the shared contract, sharp and Node's compute built-ins: no
 *   server, web, database or network module, so it can run in a worker thread, a CLI or a browser port;
 * - the engine's own modules form no import cycle (a cycle means two files are one idea split badly);
 * - the card fixtures (synthetic generator, real-photo truth) are test and bench tools: product code
 *   never imports them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ENGINE = path.join(ROOT, 'src/engine');
const FIXTURES = path.join(ROOT, 'src/card-fixtures');
const SCANNED = ['src', 'scripts', 'bench', 'e2e'];
const IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)'([^']+)'/g;

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') yield* sourceFiles(full);
    } else if (/\.(ts|tsx|mts)$/.test(entry.name)) yield full;
  }
}

const isTest = (file: string) => /\.(test|spec)\.tsx?$/.test(file);
const inside = (dir: string, file: string) => file === dir || file.startsWith(dir + path.sep);
const rel = (file: string) => path.relative(ROOT, file);

function importsOf(file: string): { spec: string; target?: string }[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((m) => {
    const spec = m[1];
    if (spec.startsWith('.')) return { spec, target: path.resolve(path.dirname(file), spec) };
    if (spec.startsWith('@contract/')) return { spec, target: path.join(ROOT, 'src/contract', spec.slice(10)) };
    return { spec };
  });
}

const allFiles = SCANNED.filter((d) => fs.existsSync(path.join(ROOT, d))).flatMap((d) => [...sourceFiles(path.join(ROOT, d))]);

it('reaches the grading engine through src/engine/index.ts or the browser door only', () => {
  const offenders: string[] = [];
  let engineImports = 0;
  for (const file of allFiles) {
    if (inside(ENGINE, file)) continue;
    for (const { spec, target } of importsOf(file)) {
      if (!target || !inside(ENGINE, target)) continue;
      engineImports++;
      const within = path.relative(ENGINE, target);
      if (!['', 'index', 'index.ts', 'browser', 'browser.ts'].includes(within)) offenders.push(`${rel(file)} imports ${spec}`);
    }
  }
  expect(engineImports).toBeGreaterThan(10);
  expect(offenders).toEqual([]);
});

it('keeps the engine pure: only itself, the contract, sharp and compute built-ins', () => {
  // quickselect: pure JavaScript selection (percentiles in O(n)), no I/O. node:module: heic.ts resolves
  // heic-decode (a pixel decoder, as sharp is) for the worker thread that runs it.
  const allowedPackages = new Set([
    'sharp',
    'quickselect',
    'node:worker_threads',
    'node:module',
    'node:fs',
    'node:path',
    'node:url',
    'vitest',
  ]);
  const offenders: string[] = [];
  for (const file of allFiles.filter((f) => inside(ENGINE, f))) {
    for (const { spec, target } of importsOf(file)) {
      if (target) {
        const ok = inside(ENGINE, target) || inside(path.join(ROOT, 'src/contract'), target) || (isTest(file) && inside(FIXTURES, target));
        if (!ok) offenders.push(`${rel(file)} imports ${spec}`);
      } else if (!allowedPackages.has(spec)) offenders.push(`${rel(file)} imports ${spec}`);
    }
  }
  // node:fs and node:path serve the tests (real photos on disk) and the worker entry; product files
  // must not read files: decoding goes through sharp from the bytes they are given.
  const productFs = allFiles
    .filter((f) => inside(ENGINE, f) && !isTest(f))
    .filter((f) => importsOf(f).some(({ spec }) => spec === 'node:fs' || spec === 'node:path'));
  expect(offenders).toEqual([]);
  expect(productFs.map(rel)).toEqual([]);
});

it('keeps the browser door free of sharp and Node: everything it reaches is bundled for the web', () => {
  const product = allFiles.filter((f) => inside(ENGINE, f) && !isTest(f));
  const resolve = (target: string) => [target, `${target}.ts`].find((c) => product.includes(c));
  const seen = new Set<string>();
  const offenders: string[] = [];
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const { spec, target } of importsOf(file)) {
      if (spec === 'sharp' || spec.startsWith('node:')) offenders.push(`${rel(file)} imports ${spec}`);
      const next = target && inside(ENGINE, target) ? resolve(target) : undefined;
      // Type-only imports vanish from the bundle; the regex sees them too, which is stricter than needed.
      if (next) walk(next);
    }
  };
  walk(path.join(ENGINE, 'browser.ts'));
  expect(seen.size).toBeGreaterThan(10);
  expect(offenders).toEqual([]);
});

it('has no import cycle between engine modules', () => {
  const product = allFiles.filter((f) => inside(ENGINE, f) && !isTest(f));
  const resolve = (target: string) => [target, `${target}.ts`, path.join(target, 'index.ts')].find((c) => product.includes(c));
  const graph = new Map(
    product.map((f) => [
      f,
      importsOf(f).flatMap(({ target }) => (target && inside(ENGINE, target) ? [resolve(target)].filter((t): t is string => !!t) : [])),
    ]),
  );
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next].map((f) => path.basename(f)).join(' → '));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of product) if (!state.has(file)) visit(file);
  expect(graph.size).toBeGreaterThan(20);
  expect(cycles).toEqual([]);
});

it('keeps the card fixtures out of product code', () => {
  const offenders = allFiles
    .filter((f) => !inside(FIXTURES, f) && !isTest(f) && (inside(path.join(ROOT, 'src'), f) || inside(path.join(ROOT, 'scripts'), f)))
    .flatMap((f) =>
      importsOf(f)
        .filter(({ target }) => target && inside(FIXTURES, target))
        .map(({ spec }) => `${rel(f)} imports ${spec}`),
    );
  expect(offenders).toEqual([]);
});
