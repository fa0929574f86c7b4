import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built single-page app. Hashed assets are cached for a year; index.html never, so a
 * deploy is picked up at once. Unknown non-API paths get index.html and the client router decides
 * (its 404 page included). Pre-compressed .br/.gz files written at build time are preferred.
 */
export async function serveWebApp(app: FastifyInstance, distDir: string): Promise<boolean> {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return false;
  await app.register(fastifyStatic, {
    root: distDir,
    preCompressed: true,
    wildcard: false,
    index: false,
    setHeaders(reply, filePath) {
      reply.header(
        'Cache-Control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  return true;
}

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/');
}
