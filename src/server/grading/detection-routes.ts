import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MultipartFile } from '@fastify/multipart';
import { ZTestDetectionFace, ZTestDetectionRefusal, ZTestDetectionResult, type TTestDetectionResult } from '@contract/test-detection';
import { HttpError, badRequest } from '../http/errors';
import { MAX_UPLOAD_BYTES, sanitizeImage } from '../uploads/sanitize-image';
import { EngineBusy, sharedEnginePool } from './engine-pool/pool';
import { CARD_HEIGHT_MM, CARD_WIDTH_MM } from './engine/geometry';
import { EngineRefusal } from './engine/refusal';

/** Each check decodes and analyses a full photo (about half a second of CPU): enough for retakes, not for a loop. */
const RATE_LIMIT = {
  max: 30,
  timeWindow: 60_000,
  // The session is loaded by the access hook, which runs before this route's own hooks.
  keyGenerator: (req: FastifyRequest) => (req.session ? `test-detection:${req.session.user.id}` : `test-detection:${req.ip}`),
};

const dataUrl = (jpeg: Buffer) => `data:image/jpeg;base64,${jpeg.toString('base64')}`;

/**
 * Test detection: what the engine finds on one photo, without a card, a grading, a credit or a
 * stored byte. The photo goes through the same cleaning as an added card's (type sniffed, size and
 * pixel caps, orientation applied, at most 4096 px), so the engine sees what grading would see.
 */
export const detectionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/grading/test-detection', {
    config: { access: 'user', rateLimit: RATE_LIMIT },
    schema: { response: { 200: ZTestDetectionResult, 422: ZTestDetectionRefusal } },
    handler: async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(415, 'Send the photo as a form upload (multipart/form-data) in a field named "photo".');
      let photo: Buffer | null = null;
      let faceField: string | undefined;
      const parts = request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 2, fields: 4, fieldSize: 100 } });
      for await (const part of parts) {
        if (part.type === 'field') {
          if (part.fieldname === 'face') faceField = String(part.value);
          continue;
        }
        const file = part as MultipartFile;
        if (file.fieldname !== 'photo') throw badRequest(`Unexpected file field "${file.fieldname}": send the photo in a field named "photo".`, file.fieldname);
        if (photo) throw badRequest('Send one photo at a time.', 'photo');
        photo = await file.toBuffer();
      }
      if (!photo || photo.length === 0) throw badRequest('Choose a photo of the card to check.', 'photo');
      const face = ZTestDetectionFace.safeParse(faceField ?? 'front');
      if (!face.success) throw badRequest('Face must be front or back.', 'face');

      const started = Date.now();
      // 413, 415 or 400 with a sentence the collector can act on, before the engine sees a byte.
      const clean = await sanitizeImage(photo, 'photo');
      const { width, height } = clean.original;
      // Photos over 4096 px are measured on the cleaned copy, as grading does; corners go back to the upload's pixels.
      const scale = width / clean.width;
      try {
        // In a worker thread of the engine pool, never on this event loop.
        const p = await sharedEnginePool().preview({ face: face.data, photo: clean.data });
        const body: TTestDetectionResult = {
          face: p.face,
          photo: { width, height },
          corners: p.corners.map((c) => ({ x: Math.round(c.x * scale * 100) / 100, y: Math.round(c.y * scale * 100) / 100 })),
          checks: p.checks,
          centering: p.centering,
          images: { outline: dataUrl(p.outlineJpeg), rectified: dataUrl(p.rectifiedJpeg), rectifiedPxPerMm: p.rectifiedPxPerMm, rectifiedMarginMm: p.marginMm },
          cardSizeMm: { width: CARD_WIDTH_MM, height: CARD_HEIGHT_MM },
          durationMs: Date.now() - started,
        };
        return body;
      } catch (err) {
        if (err instanceof EngineRefusal) return reply.status(422).send({ code: err.code, message: err.message });
        if (err instanceof EngineBusy) throw new HttpError(503, err.message);
        throw err;
      }
    },
  });
};
