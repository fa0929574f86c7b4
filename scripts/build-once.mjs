/**
 * Builds what is missing or older than its sources, once, however many processes start together on
 * one checkout: `npm start` calls it before loading the server, and so do the e2e server and
 * `npm run dev`. Plain JavaScript for plain `node`: the build itself (scripts/build.ts, with Vite and
 * tsx) runs in a child process, so the server's process never loads a build tool.
 *
 * The lock is a file created with O_EXCL (`wx`) in dist/: one process builds, the others wait for
 * the file to go, then find the build fresh. A lock left by a killed build (its process is gone, or
 * it is older than LOCK_STALE_MS) is removed by the next process that waits on it.
 *   node scripts/build-once.mjs            build what is stale
 *   node scripts/build-once.mjs --force    build everything (npm run build)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const LOCK_STALE_MS = 30 * 60_000;
const POLL_MS = 200;
const PARTS = ['server', 'web'];
/** A part's main output (as BUILD_OUTPUTS in scripts/build.ts): without it the part was never built. */
const OUTPUTS = { server: 'dist/server/main.mjs', web: 'dist/web/index.html' };

/** The newest modification time under `file` (a file or a folder), 0 when it does not exist. */
function newestMtime(file) {
  let stat;
  try {
    stat = fs.statSync(file);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(file)) newest = Math.max(newest, newestMtime(path.join(file, entry)));
  return newest;
}

/**
 * The parts (server, web) to build: never built, output gone, or a source newer than the build.
 * Sources that are absent (a deployment that ships dist/ without src/) count as unchanged.
 */
export function staleParts(root = ROOT, parts = PARTS) {
  let info = {};
  try {
    info = JSON.parse(fs.readFileSync(path.join(root, 'dist', 'build-info.json'), 'utf8'));
  } catch {
    return parts;
  }
  return parts.filter((part) => {
    const built = info[part];
    if (!built || !fs.existsSync(path.join(root, built.output))) return true;
    return built.inputs.some((input) => newestMtime(path.join(root, input)) > built.builtAt);
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/** Removes the lock if the build that holds it is dead, comparing contents so a fresh lock is never removed. */
function removeIfAbandoned(lockFile) {
  let content;
  let stat;
  try {
    content = fs.readFileSync(lockFile, 'utf8');
    stat = fs.statSync(lockFile);
  } catch {
    return;
  }
  const [host, pid] = content.split(' ');
  const dead = host === os.hostname() && Number(pid) > 0 && !isAlive(Number(pid));
  if (!dead && Date.now() - stat.mtimeMs < LOCK_STALE_MS) return;
  try {
    if (fs.readFileSync(lockFile, 'utf8') === content) fs.unlinkSync(lockFile);
  } catch {
    /* someone else removed it first */
  }
}

/** Runs `fn` holding the lock file; waits (and says so once) while another process holds it. */
export async function withLock(lockFile, fn, log = console.log) {
  fs.mkdirSync(path.dirname(lockFile), { recursive: true });
  const token = `${os.hostname()} ${process.pid} ${randomUUID()}`;
  for (let waited = false; ; waited = true) {
    try {
      fs.writeFileSync(lockFile, token, { flag: 'wx' });
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
    }
    if (!waited) log('Another process is building GradeVault; waiting for it…');
    removeIfAbandoned(lockFile);
    await sleep(POLL_MS);
  }
  try {
    return await fn();
  } finally {
    try {
      if (fs.readFileSync(lockFile, 'utf8') === token) fs.unlinkSync(lockFile);
    } catch {
      /* already gone */
    }
  }
}

/** Runs scripts/build.ts for `parts` in a child process (tsx, Vite and esbuild live only there). */
export function runBuild(parts, root = ROOT) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'build.ts'), ...parts], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error(`The build failed (${parts.join(', ')}); see the messages above.`);
}

/** Whether this checkout can build: the build tools are devDependencies, absent after `npm install --omit=dev`. */
function canBuild(root) {
  return ['vite', 'tsx', 'esbuild'].every((p) => fs.existsSync(path.join(root, 'node_modules', p, 'package.json')));
}

/**
 * Builds the stale parts (all of `parts` with `force`), under the lock; returns the parts it built.
 * A build that exists but is older than its sources is kept, with a warning, where the build tools
 * are not installed (a production install without devDependencies).
 */
export async function ensureBuilt({ root = ROOT, parts = PARTS, force = false, build = runBuild, log = console.log } = {}) {
  if (!force) {
    const stale = staleParts(root, parts);
    if (stale.length === 0) return [];
    const missing = stale.filter((p) => !fs.existsSync(path.join(root, OUTPUTS[p])));
    if (missing.length === 0 && build === runBuild && !canBuild(root)) {
      log(
        `The ${stale.join(' and ')} build is older than its sources, but the build tools are not installed: starting the existing build.`,
      );
      return [];
    }
  }
  return withLock(
    path.join(root, 'dist', '.build.lock'),
    async () => {
      // Checked again inside the lock: the process we waited for has most likely just built it all.
      const todo = force ? parts : staleParts(root, parts);
      if (todo.length) {
        log(`Building ${todo.join(' and ')} (once; later starts reuse it)…`);
        await build(todo, root);
      }
      return todo;
    },
    log,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    await ensureBuilt({ force: process.argv.includes('--force') });
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
