/**
 * The photo sizes the grading engine measures, shared by the engine's refusal texts and the web app's
 * tips so that both state the real limits. Plain constants (no zod): the command line loads this.
 */
/** A photo's short side must have at least this many pixels. */
export const MIN_PHOTO_SHORT_SIDE_PX = 600;
/** The card must span at least this many pixels per millimetre: below it, whitening and scratches are sub-pixel. */
export const MIN_CARD_PX_PER_MM = 6;
/** The largest tilt of the card to the camera the engine straightens (perspective.test.ts recovers proportions up to it). */
export const MAX_RECTIFIED_TILT_DEG = 25;
/** The card's long side (88 mm) at that resolution, in pixels. */
export const MIN_CARD_LONG_SIDE_PX = Math.ceil(MIN_CARD_PX_PER_MM * 88);
