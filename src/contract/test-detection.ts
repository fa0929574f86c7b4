import { z } from 'zod';
import { ZHolder, ZRefusalCode } from './grading-report';

/**
 * Test detection: one photo in, what the grading engine found out of it — nothing stored, no credit
 * spent. A photo the engine would refuse answers 422 with the refusal code and its sentence.
 */
export const TEST_DETECTION_FACES = ['front', 'back'] as const;
export const ZTestDetectionFace = z.enum(TEST_DETECTION_FACES, { error: 'Face must be front or back.' });
export type TTestDetectionFace = z.infer<typeof ZTestDetectionFace>;

/** The engine's refusal reasons live with the grading report (a server test keeps them in step with the engine). */
export { REFUSAL_CODE_LIST, ZRefusalCode, type TRefusalCode } from './grading-report';

/**
 * 422 answer: the photo is readable but the engine would refuse to grade it. The error body's `code` is
 * `image_rejected` like every refused photo; `refusal` says which of the engine's reasons.
 */
export const ZTestDetectionRefusal = z.object({ code: z.literal('image_rejected'), refusal: ZRefusalCode, message: z.string() });
export type TTestDetectionRefusal = z.infer<typeof ZTestDetectionRefusal>;

const ZPoint = z.object({ x: z.number(), y: z.number() });
const ZSides = z.object({ left: z.number(), right: z.number(), top: z.number(), bottom: z.number() });
/** 'good': nothing to improve; 'fair': gradable, but a better photo would make the grade more certain. */
const ZCheckStatus = z.enum(['good', 'fair']);
export type TCheckStatus = z.infer<typeof ZCheckStatus>;

export const ZDetectionCentering = z.discriminatedUnion('measurable', [
  z.object({
    measurable: z.literal(true),
    /** Left share of left+right borders, percent (55.2 means 55.2/44.8). */
    horizontal: z.number(),
    /** Top share of top+bottom borders, percent. */
    vertical: z.number(),
    /** "55.2/44.8" (left/right) and top/bottom, one decimal. */
    horizontalRatio: z.string(),
    verticalRatio: z.string(),
    /** ± percentage points on each share. */
    uncertainty: z.object({ horizontal: z.number(), vertical: z.number() }),
    /** Border widths from the cut edge to the print frame, mm. */
    bordersMm: ZSides,
    /** How much each border's width wanders along its side, mm. */
    spreadMm: ZSides,
    /** The best PSA grade this face's centering alone allows (PSA's published front/back limits). */
    psaCenteringCap: z.number(),
    /** PSA 10's centering limit for this face, e.g. "55/45". */
    psaTenLimit: z.string(),
  }),
  z.object({ measurable: z.literal(false), reason: z.string() }),
]);
export type TDetectionCentering = z.infer<typeof ZDetectionCentering>;

export const ZTestDetectionResponse = z.object({
  face: ZTestDetectionFace,
  /** The uploaded photo, upright (camera orientation applied), in pixels. */
  photo: z.object({ width: z.number().int(), height: z.number().int() }),
  /** The card's four cut edges intersected: top-left, top-right, bottom-right, bottom-left, in photo pixels. */
  corners: z.array(ZPoint).length(4),
  checks: z.object({
    /** Card resolution as graded; below minPxPerMm the photo is refused, from goodPxPerMm on nothing is lost. */
    resolution: z.object({ pxPerMm: z.number(), minPxPerMm: z.number(), goodPxPerMm: z.number(), status: ZCheckStatus }),
    /** 10–90% rise across the cut edge; wider than maxEdgeWidthPx is refused as too blurry. */
    sharpness: z.object({ edgeWidthPx: z.number(), edgeWidthMm: z.number(), maxEdgeWidthPx: z.number(), status: ZCheckStatus }),
    /** Share of the card clipped to white; above maxSaturatedPercent is refused for glare. */
    glare: z.object({ saturatedPercent: z.number(), maxSaturatedPercent: z.number(), status: ZCheckStatus }),
    /** Worst robust spread of the traced edge points around their fitted lines, px. */
    edgeTrace: z.object({ residualPx: z.number(), maxResidualPx: z.number(), contrast: z.number(), status: ZCheckStatus }),
    /** In-plane rotation of the card in the photo, degrees, clockwise positive. */
    rotationDeg: z.number(),
    /** How much shorter the far side of the card looks than the near one (camera not square to the card), percent. */
    perspectivePercent: z.number(),
    /** The card's share of the photo's area, percent. */
    cardAreaPercent: z.number(),
    /** The clear holder the card was measured through (its own outline, not the holder's), or null. */
    holder: ZHolder.nullable(),
  }),
  centering: ZDetectionCentering,
  images: z.object({
    /** The photo, downscaled, with the detected outline drawn on it (JPEG data URL). */
    outline: z.string(),
    /** The straightened card with `marginMm` of background around it, at `pxPerMm` (JPEG data URL). */
    rectified: z.string(),
    rectifiedPxPerMm: z.number(),
    rectifiedMarginMm: z.number(),
  }),
  cardSizeMm: z.object({ width: z.number(), height: z.number() }),
  durationMs: z.number(),
});
export type TTestDetectionResponse = z.infer<typeof ZTestDetectionResponse>;
