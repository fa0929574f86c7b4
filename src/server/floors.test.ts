/**
 * The server's floors (decision 011, issue 25): services and adapters speak domain, only the HTTP edge
 * speaks HTTP, and no import runs back up a floor. Checked by reading every server source file:
 * - only the HTTP edge (http/, security/, and route files: `routes.ts`, `*-routes.ts`) imports http/
 *   or names HttpError; everything else throws domain errors (domain-errors.ts) that http/errors.ts
 *   maps to statuses;
 * - the ground floor (db/, clock, config, domain errors, money, outbound/, limits/) imports only
 *   itself and the contract;
 * - adapters (the ports to mail, payments, storage, reference images) import only the ground floor
 *   and their own folder: never a feature module, whose services sit above them and use them through
 *   their ports.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const SERVER = path.resolve(import.meta.dirname);
const IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)'([^']+)'/g;

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield full;
  }
}

const rel = (file: string) => path.relative(SERVER, file).split(path.sep).join('/');
const files = [...sourceFiles(SERVER)].filter((f) => !rel(f).startsWith('test/'));
const serverImports = (file: string) =>
  [...fs.readFileSync(file, 'utf8').matchAll(IMPORT)]
    .map((m) => m[1])
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => rel(path.resolve(path.dirname(file), spec)).replace(/\.js$|\.ts$/, ''))
    .filter((target) => !target.startsWith('..'));

const isEdge = (file: string) => /^(http|security)\//.test(file) || /(^|\/)([\w-]+-)?routes\.ts$/.test(file) || file === 'app.ts';
const GROUND = [/^db\//, /^clock$/, /^config$/, /^domain-errors$/, /^outbound\//, /^limits\//, /^money$/];
const isGround = (file: string) => GROUND.some((re) => re.test(file.replace(/\.ts$/, '')));

it('throws and imports HTTP errors only at the HTTP edge', () => {
  const offenders: string[] = [];
  let edgeFiles = 0;
  for (const file of files) {
    const name = rel(file);
    if (isEdge(name)) {
      edgeFiles++;
      continue;
    }
    for (const target of serverImports(file)) if (target.startsWith('http/')) offenders.push(`${name} imports ${target}`);
    if (/\bHttpError\b/.test(fs.readFileSync(file, 'utf8'))) offenders.push(`${name} names HttpError`);
  }
  expect(edgeFiles).toBeGreaterThan(15);
  expect(offenders).toEqual([]);
});

it('keeps adapters below the features: they import only the ground floor and their own kind', () => {
  const offenders: string[] = [];
  const adapters = files.filter((f) => rel(f).startsWith('adapters/'));
  expect(adapters.length).toBeGreaterThan(10);
  for (const file of adapters) {
    for (const target of serverImports(file)) {
      if (target.startsWith('adapters/') || isGround(target)) continue;
      offenders.push(`${rel(file)} imports ${target}`);
    }
  }
  expect(offenders).toEqual([]);
});

it('keeps the ground floor at the bottom: it imports only itself', () => {
  const offenders: string[] = [];
  const ground = files.filter((f) => isGround(rel(f)));
  expect(ground.length).toBeGreaterThan(8);
  for (const file of ground)
    for (const target of serverImports(file)) if (!isGround(target)) offenders.push(`${rel(file)} imports ${target}`);
  expect(offenders).toEqual([]);
});
