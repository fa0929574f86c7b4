import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { withRouteConfig } from './access';

/**
 * Serves the built single-page app. Hashed assets are cached for a year; index.html never, so a
 * deploy is picked up at once. Unknown non-API paths get index.html and the client router decides
 * (its 404 page included). Pre-compressed .br/.gz files written at build time are preferred.
 * Returns the sender of index.html for the not-found handler, or null without a build.
 */
export async function serveWebApp(app: FastifyInstance, distDir: string): Promise<((reply: FastifyReply) => FastifyReply) | null> {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return null;
  // The files are public assets: they declare so through their scope (every route declares its access).
  await app.register(
    withRouteConfig({ access: 'asset' }, (scope) =>
      scope.register(fastifyStatic, {
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
      }),
    ),
  );
  return (reply) => reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(fs.createReadStream(indexFile));
}

/**
 * Whether a URL no route matched is meant for the API, by what the router and browsers would make of
 * it: percent-decoded, backslashes as slashes, repeated slashes and dot segments collapsed, any case.
 * `/%61pi/x`, `//api/x`, `/API/x` and `/web/../api/x` are API paths: they answer 404 JSON, never the web app.
 */
export function isApiPath(url: string): boolean {
  let p = url.split(/[?#]/)[0] ?? '';
  for (let i = 0; i < 3; i++) {
    try {
      const decoded = decodeURIComponent(p);
      if (decoded === p) break;
      p = decoded;
    } catch {
      break;
    }
  }
  p = path.posix
    .normalize(p.replace(/\\/g, '/'))
    .replace(/\/{2,}/g, '/')
    .toLowerCase();
  return p === '/api' || p.startsWith('/api/');
}
