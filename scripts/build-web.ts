import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

export const WEB_DIST = fileURLToPath(new URL('../dist/web', import.meta.url));

/** Builds the web app with Vite, then writes .br and .gz beside each text asset for @fastify/static. */
export async function buildWeb(): Promise<void> {
  const { build } = await import('vite');
  await build({ configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)), logLevel: 'warn' });
  compressTree(WEB_DIST);
}

function compressTree(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) compressTree(file);
    else if (/\.(js|css|html|svg|json|txt|md)$/.test(entry.name)) {
      const data = fs.readFileSync(file);
      if (data.length < 1024) continue;
      fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data));
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
    }
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await buildWeb();
  console.log(`web app built in ${WEB_DIST}`);
}
