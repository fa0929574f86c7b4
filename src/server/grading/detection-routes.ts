import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZTestDetectionFace, type TTestDetectionResponse } from '@contract/test-detection';
import { HttpError, badRequest } from '../http/errors';
import { sanitizeImage } from '../uploads/sanitize-image';
import type { UploadForm, UploadReceiver } from '../uploads/multipart-upload';
import { requireUser } from '../http/access';
import { EngineBusy, sharedEnginePool } from './engine-pool/pool';
import { CARD_HEIGHT_MM, CARD_WIDTH_MM, EngineRefusal } from '../../engine/index';
import { contractRoute } from '../http/contract-route';

/** Each check decodes and analyses a full photo (about half a second of CPU): enough for retakes, not for a loop. */
const RATE_LIMIT = {
  max: 30,
  timeWindow: 60_000,
  // The session is loaded by the access hook, which runs before this route's own hooks.
  keyGenerator: (req: FastifyRequest) => (req.session ? `test-detection:${req.session.user.id}` : `test-detection:${req.ip}`),
};

/** One photo and which face it shows; streamed to a temp file by the upload receiver like a card's photos. */
const TEST_DETECTION_FORM: UploadForm = { files: { photo: 1 }, fields: ['face'], maxFieldBytes: 100 };

const dataUrl = (jpeg: Buffer) => `data:image/jpeg;base64,${jpeg.toString('base64')}`;

/**
 * Test detection: what the engine finds on one photo, without a card, a grading, a credit or a
 * stored byte. The photo goes through the same cleaning as an added card's (type sniffed, size and
 * pixel caps, orientation applied, at most 4096 px), so the engine sees what grading would see.
 */
export const detectionRoutes: FastifyPluginAsyncZod<{ uploads: UploadReceiver }> = async (app, { uploads }) => {
  contractRoute(app, 'POST /api/grading/test-detection', {
    tags: ['gradings'],
    summary: 'Check one photo with the engine (nothing stored, no credit)',
    config: { rateLimit: RATE_LIMIT, uploadForm: TEST_DETECTION_FORM },
    handler: async (request, reply) =>
      // The photo streams to a temp file under the per-process and per-user upload slots, never whole into memory.
      uploads.receive(request, requireUser(request).id, TEST_DETECTION_FORM, async (upload) => {
        const photo = upload.files[0]?.path;
        if (!photo) throw badRequest('Choose a photo of the card to check.', 'photo');
        const face = ZTestDetectionFace.safeParse(upload.fields.face ?? 'front');
        if (!face.success) throw badRequest('Face must be front or back.', 'face');
        try {
          return await detect(face.data, photo);
        } catch (err) {
          if (err instanceof EngineRefusal)
            return reply.status(422).send({ code: 'image_rejected', refusal: err.code, message: err.message });
          if (err instanceof EngineBusy) throw new HttpError(503, err.message);
          throw err;
        }
      }),
  });
};

/** What the engine finds on one photo file; an EngineRefusal when it cannot measure it. */
async function detect(face: TTestDetectionResponse['face'], photo: string): Promise<TTestDetectionResponse> {
  const started = Date.now();
  // 413, 415 or 400 with a sentence the collector can act on, before the engine sees a byte.
  const clean = await sanitizeImage(photo, 'photo');
  const { width, height } = clean.original;
  // Photos over 4096 px are measured on the cleaned copy, as grading does; corners go back to the upload's pixels.
  const scale = width / clean.width;
  // In a worker thread of the engine pool, never on this event loop.
  const p = await sharedEnginePool().preview({ face, photo: clean.data });
  return {
    face: p.face,
    photo: { width, height },
    corners: p.corners.map((c) => ({ x: Math.round(c.x * scale * 100) / 100, y: Math.round(c.y * scale * 100) / 100 })),
    checks: p.checks,
    centering: p.centering,
    images: {
      outline: dataUrl(p.outlineJpeg),
      rectified: dataUrl(p.rectifiedJpeg),
      rectifiedPxPerMm: p.rectifiedPxPerMm,
      rectifiedMarginMm: p.marginMm,
    },
    cardSizeMm: { width: CARD_WIDTH_MM, height: CARD_HEIGHT_MM },
    durationMs: Date.now() - started,
  };
}
