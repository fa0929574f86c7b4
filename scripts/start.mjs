/**
 * `npm start`: builds what is missing or stale (once, under a lock: scripts/build-once.mjs), then
 * runs the built server, dist/server/main.mjs, in this process with plain `node`: no TypeScript
 * loader, no build tool, no devDependency.
 *   node scripts/start.mjs [entry] [args...]      entry: main (default) or create-admin
 */
import './require-node.mjs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, ensureBuilt } from './build-once.mjs';

const [entry = 'main', ...args] = process.argv.slice(2);
try {
  await ensureBuilt({ parts: entry === 'main' ? ['server', 'web'] : ['server'] });
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
const file = path.join(ROOT, 'dist', 'server', `${entry}.mjs`);
// Stack traces in the log name the TypeScript sources (the build writes .map files beside the bundle).
process.setSourceMapsEnabled(true);
process.argv = [process.argv[0], file, ...args];
await import(pathToFileURL(file).href);
