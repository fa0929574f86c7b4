/**
 * `npm run build` (through scripts/build-once.mjs, which holds the build lock): the production build.
 *   - dist/server: the server as plain ESM JavaScript for `node` (esbuild, platform node, target
 *     node24), one self-contained file per entry in SERVER_ENTRIES, npm packages left as imports
 *     (they are installed beside it, and packages such as sharp, PGlite, argon2, pg or the AWS SDK
 *     load native or data files from their own folders), plus the data files in SERVER_ASSETS;
 *   - dist/web: the web app (Vite), with .br/.gz beside each text asset;
 *   - dist/build-info.json: when each part was built and from what, so `npm start` knows when to
 *     build again.
 * The server build refuses to finish if the bundle imports a package that is not a production
 * dependency (Vite, Vitest, tsx used as a loader…): `npm start` must run with devDependencies absent.
 *   tsx scripts/build.ts [server] [web]      (both by default)
 */
import fs from 'node:fs';
import path from 'node:path';
import { builtinModules } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Metafile, type Plugin } from 'esbuild';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const DIST = path.join(ROOT, 'dist');
export const BUILD_INFO = path.join(DIST, 'build-info.json');

/**
 * The programs of the server bundle. Each becomes one file: `src/server/<path>.ts` is written to
 * `dist/server/<path>.mjs` (the same place under dist/server, so a worker file another module finds
 * with `new URL('./engine-worker.mjs', import.meta.url)` is where it expects it); any other entry to
 * `dist/server/<file name>.mjs`. To add one (a worker_threads entry, a command), add its path here.
 */
export const SERVER_ENTRIES = ['src/server/main.ts', 'src/server/grading/engine-pool/engine-worker.ts', 'scripts/create-admin.ts'];

/**
 * Files the server reads at run time from beside its own modules (`new URL('./migrations',
 * import.meta.url)`): copied to the same place under dist/server. A file read this way but missing
 * from this list fails scripts/server-bundle.test.ts.
 */
export const SERVER_ASSETS = ['src/server/db/migrations', 'src/server/catalogue/snapshot'];

/** What each part is built from, relative to the root: `npm start` rebuilds a part when one is newer. */
export const BUILD_INPUTS: Record<BuildPart, string[]> = {
  server: [
    'src/server',
    'src/contract',
    'scripts/create-admin.ts',
    'scripts/build.ts',
    'tsconfig.json',
    'package.json',
    'package-lock.json',
  ],
  web: ['src/web', 'src/contract', 'vite.config.ts', 'scripts/build-web.ts', 'package.json', 'package-lock.json'],
};
/** The file whose absence means the part was never built. */
export const BUILD_OUTPUTS: Record<BuildPart, string> = { server: 'dist/server/main.mjs', web: 'dist/web/index.html' };
export type BuildPart = 'server' | 'web';

const SERVER_SOURCES = path.join(ROOT, 'src', 'server');

/** Where an entry's bundle goes, relative to the output folder, without extension. */
export function entryOutPath(entry: string): string {
  const file = path.resolve(ROOT, entry);
  const underServer = path.relative(SERVER_SOURCES, file);
  const rel = underServer.startsWith('..') ? path.basename(file) : underServer;
  return rel.replace(/\.ts$/, '').split(path.sep).join('/');
}

/**
 * In a bundle every module's `import.meta.url` is the bundle file's. This plugin gives each module
 * under src/server the URL it will have under dist/server instead (`src/server/db/client.ts` →
 * `dist/server/db/client.mjs`), so `new URL('./migrations', import.meta.url)` finds the copied
 * assets whatever entry the module is bundled into, and `import.meta.url.endsWith('.ts')` tells
 * source from bundle.
 */
function moduleUrlsUnderDist(entryOut: string): Plugin {
  const entryDir = path.posix.dirname(entryOut);
  return {
    name: 'module-urls-under-dist',
    setup(b) {
      b.onLoad({ filter: /[\\/]src[\\/]server[\\/].*\.ts$/ }, async (args) => {
        const source = await fs.promises.readFile(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return undefined;
        const target = path.relative(SERVER_SOURCES, args.path).split(path.sep).join('/').replace(/\.ts$/, '.mjs');
        let rel = path.posix.relative(entryDir, target);
        if (!rel.startsWith('.')) rel = `./${rel}`;
        return { contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(rel)}, import.meta.url).href`), loader: 'ts' };
      });
    },
  };
}

/** The package an import names (`@aws-sdk/client-s3/x` → `@aws-sdk/client-s3`), or null for Node's own modules. */
function packageOf(specifier: string): string | null {
  if (specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0])) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

/** Every package the bundle imports that is not in package.json's `dependencies`, with the file that imports it. */
export function nonProductionImports(metafile: Metafile, pkg: { dependencies?: Record<string, string> }): string[] {
  const allowed = new Set(Object.keys(pkg.dependencies ?? {}));
  const wrong = new Set<string>();
  for (const [output, info] of Object.entries(metafile.outputs)) {
    for (const imp of info.imports) {
      const name = imp.external ? packageOf(imp.path) : null;
      if (name && !allowed.has(name)) wrong.add(`${name} (imported by ${path.basename(output)})`);
    }
  }
  return [...wrong].sort();
}

/** Bundles the server entries into `outdir` and copies the assets; returns the merged metafile. */
export async function buildServer(outdir = path.join(DIST, 'server')): Promise<Metafile> {
  fs.rmSync(outdir, { recursive: true, force: true });
  const results = await Promise.all(
    SERVER_ENTRIES.map((entry) => {
      const out = entryOutPath(entry);
      return build({
        entryPoints: [{ in: path.join(ROOT, entry), out }],
        outdir,
        outExtension: { '.js': '.mjs' },
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node24',
        packages: 'external',
        tsconfig: path.join(ROOT, 'tsconfig.json'),
        plugins: [moduleUrlsUnderDist(out)],
        metafile: true,
        sourcemap: 'linked',
        logLevel: 'warning',
        // Bundled code that calls require() (rare in ESM, but some CommonJS helpers do) gets one.
        banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
      });
    }),
  );
  const metafile: Metafile = { inputs: {}, outputs: {} };
  for (const r of results) {
    Object.assign(metafile.inputs, r.metafile.inputs);
    Object.assign(metafile.outputs, r.metafile.outputs);
  }
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  const wrong = nonProductionImports(metafile, pkg);
  if (wrong.length) throw new Error(`The server bundle imports packages that are not production dependencies: ${wrong.join(', ')}`);
  for (const asset of SERVER_ASSETS) {
    fs.cpSync(path.join(ROOT, asset), path.join(outdir, path.relative(SERVER_SOURCES, path.join(ROOT, asset))), { recursive: true });
  }
  fs.writeFileSync(path.join(outdir, 'meta.json'), JSON.stringify(metafile));
  return metafile;
}

function recordBuilt(part: BuildPart, builtAt: number): void {
  let info: Record<string, unknown> = {};
  try {
    info = JSON.parse(fs.readFileSync(BUILD_INFO, 'utf8')) as Record<string, unknown>;
  } catch {
    /* first build */
  }
  info[part] = { builtAt, inputs: BUILD_INPUTS[part], output: BUILD_OUTPUTS[part] };
  const tmp = `${BUILD_INFO}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(info, null, 2));
  fs.renameSync(tmp, BUILD_INFO);
}

export async function buildParts(parts: BuildPart[]): Promise<void> {
  fs.mkdirSync(DIST, { recursive: true });
  for (const part of parts) {
    // Recorded as of the start, so a source saved during the build makes the next start build again.
    const started = Date.now();
    const t = performance.now();
    if (part === 'server') await buildServer();
    else await (await import('./build-web')).buildWeb();
    recordBuilt(part, started);
    console.log(`built ${part} in ${((performance.now() - t) / 1000).toFixed(1)} s → ${path.dirname(BUILD_OUTPUTS[part])}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const asked = process.argv.slice(2).filter((a): a is BuildPart => a === 'server' || a === 'web');
  await buildParts(asked.length ? asked : ['server', 'web']);
}
