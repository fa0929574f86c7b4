import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { IMPORT_MAX_BYTES, IMPORT_TOO_LARGE_MESSAGE } from '@contract/collection-io';
import type { Db } from '../db/client';
import type { Clock } from '../deps';
import { requireUser } from '../http/access';
import { HttpError, badRequest } from '../http/errors';
import type { UploadForm } from '../uploads/multipart-upload';
import { exportCollectionCsv } from './export';
import type { MarketPriceSource } from '../pricing/port';
import { createImportService } from './import-service';
import { contractRoute } from '../http/contract-route';

/** Reading and matching a file is a few seconds of work at most: plenty of retries, not a loop. */
const IMPORT_RATE_LIMIT = {
  max: 20,
  timeWindow: 60 * 60_000,
  keyGenerator: (req: FastifyRequest) => `collection-import:${req.session?.user.id ?? req.ip}`,
};
const EXPORT_RATE_LIMIT = {
  max: 30,
  timeWindow: 60 * 60_000,
  keyGenerator: (req: FastifyRequest) => `collection-export:${req.session?.user.id ?? req.ip}`,
};
const IMPORT_FORM: UploadForm = { files: { file: 1 }, fields: [] };
/** Files held and parsed at once in this process (each at most 5 MB); more answer 503. */
const MAX_CONCURRENT_IMPORTS = 4;
/** Room for the multipart boundary and part headers around the file itself. */
const FORM_OVERHEAD_BYTES = 16 * 1024;

/**
 * The one CSV file of an import form, in memory (at most IMPORT_MAX_BYTES). A declared length over
 * the cap is refused before a byte is read; without one, the parser stops the part at the cap.
 */
async function receiveCsv(request: FastifyRequest): Promise<{ fileName: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw new HttpError(415, 'Send the file as multipart/form-data, in a field named "file".');
  const declared = Number(request.headers['content-length']);
  if (declared > IMPORT_MAX_BYTES + FORM_OVERHEAD_BYTES) throw new HttpError(413, IMPORT_TOO_LARGE_MESSAGE, 'file');
  let part;
  try {
    part = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 0, parts: 1 } });
    if (!part) throw badRequest('Choose a CSV file to import.', 'file');
    if (part.fieldname !== 'file') throw badRequest(`Unexpected file field "${part.fieldname}".`, part.fieldname);
    const bytes = await part.toBuffer();
    if (part.file.truncated) throw new HttpError(413, IMPORT_TOO_LARGE_MESSAGE, 'file');
    if (bytes.length === 0) throw badRequest('The file is empty. Choose a CSV file with a header row and one card per row.', 'file');
    return { fileName: part.filename || 'import.csv', bytes };
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, IMPORT_TOO_LARGE_MESSAGE, 'file');
    throw err;
  }
}

export const collectionIoRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock; market: MarketPriceSource }> = async (
  app,
  { db, clock, market },
) => {
  const imports = createImportService({ db, clock });
  let active = 0;

  contractRoute(app, 'GET /api/user-cards/export.csv', {
    tags: ['collection'],
    summary: 'Download the collection as a CSV file (UTF-8, formula-safe)',
    config: { rateLimit: EXPORT_RATE_LIMIT },
    handler: async (request, reply) => {
      const csv = await exportCollectionCsv(db, market, requireUser(request).id);
      const day = clock.now().toISOString().slice(0, 10);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="gradevault-collection-${day}.csv"`)
        .header('Cache-Control', 'private, no-store')
        .send(csv);
    },
  });

  contractRoute(app, 'POST /api/collection-imports', {
    tags: ['collection'],
    summary: 'Upload a CSV file: answers a preview of what it matched (nothing is added yet)',
    config: { rateLimit: IMPORT_RATE_LIMIT, uploadForm: IMPORT_FORM },
    handler: async (request, reply) => {
      const userId = requireUser(request).id;
      if (active >= MAX_CONCURRENT_IMPORTS) {
        const busy = new HttpError(503, 'The server is reading many files right now. Please try again in a minute.');
        busy.retryAfterSeconds = 60;
        throw busy;
      }
      active++;
      try {
        const { fileName, bytes } = await receiveCsv(request);
        const id = await imports.create(userId, fileName, bytes);
        return reply.status(201).send(await imports.get(userId, id, { page: 1 }));
      } finally {
        active--;
      }
    },
  });

  contractRoute(app, 'GET /api/collection-imports/:id', {
    tags: ['collection'],
    summary: "An import's preview: counts and one page of rows, by status",
    handler: async (request) => imports.get(requireUser(request).id, request.params.id, request.query),
  });

  contractRoute(app, 'POST /api/collection-imports/:id/confirm', {
    tags: ['collection'],
    summary: 'Add the matched (and resolved) rows to the collection, all at once; again changes nothing',
    handler: async (request) => imports.confirm(requireUser(request).id, request.params.id, request.body),
  });
};
