/**
 * The engine is a library with one door: code outside src/server/grading/engine imports it through
 * engine/index.ts only. Tests, benchmarks and scripts may also use the synthetic-card generator
 * (engine/synthetic/), their fixture maker. Every import of every file is resolved and checked.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const ENGINE = path.join(ROOT, 'src/server/grading/engine');
const SCANNED = ['src', 'scripts', 'bench'];

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && full !== ENGINE) yield* sourceFiles(full);
    } else if (/\.(ts|tsx|mts)$/.test(entry.name)) yield full;
  }
}

it('reaches the grading engine through engine/index.ts only', () => {
  const offenders: string[] = [];
  let engineImports = 0;
  for (const base of SCANNED) {
    const dir = path.join(ROOT, base);
    if (!fs.existsSync(dir)) continue;
    for (const file of sourceFiles(dir)) {
      const fixtureUser = /\.test\.tsx?$/.test(file) || !file.startsWith(path.join(ROOT, 'src'));
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)'([^']+)'/g)) {
        const spec = m[1];
        if (!spec.startsWith('.')) continue;
        const target = path.resolve(path.dirname(file), spec);
        if (!target.startsWith(ENGINE + path.sep) && target !== ENGINE) continue;
        engineImports++;
        const inside = path.relative(ENGINE, target);
        if (inside === '' || inside === 'index' || inside === 'index.ts') continue;
        if (fixtureUser && inside.startsWith(`synthetic${path.sep}`)) continue;
        offenders.push(`${path.relative(ROOT, file)} imports ${spec}`);
      }
    }
  }
  expect(engineImports).toBeGreaterThan(10);
  expect(offenders).toEqual([]);
});
