/**
 * Runs a TypeScript command-line script as one esbuild bundle, rebuilt only when a source file
 * changes. The grading CLI's latency target counts process start-up, and loading TypeScript through
 * a runtime loader costs a third of a second per run; a cached bundle costs almost nothing.
 *   node scripts/run-bundled.mjs scripts/grade.ts [args...]
 */
import fs from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [entry, ...args] = process.argv.slice(2);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const outfile = path.join(root, '.tmp', 'bundles', `${path.basename(entry, '.ts')}.mjs`);
const metafile = `${outfile}.inputs.json`;

function stale() {
  if (!fs.existsSync(outfile) || !fs.existsSync(metafile)) return true;
  const built = fs.statSync(outfile).mtimeMs;
  const inputs = JSON.parse(fs.readFileSync(metafile, 'utf8'));
  return inputs.some((file) => !fs.existsSync(path.join(root, file)) || fs.statSync(path.join(root, file)).mtimeMs > built);
}

if (stale()) {
  // esbuild is loaded only to rebuild: a fresh bundle starts without it (start-up counts toward the CLI's latency).
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [path.join(root, entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    outfile,
    packages: 'external',
    metafile: true,
    logLevel: 'error',
    tsconfig: path.join(root, 'tsconfig.json'),
  });
  fs.writeFileSync(metafile, JSON.stringify(Object.keys(result.metafile.inputs)));
}
process.argv = [process.argv[0], path.join(root, entry), ...args];
// V8's compiled code for the bundle and its packages (sharp's JavaScript) kept on disk beside it: a run
// after the first skips parsing and compiling them.
module.enableCompileCache?.(path.join(root, '.tmp', 'compile-cache'));
await import(pathToFileURL(outfile).href);
