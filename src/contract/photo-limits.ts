/**
 * The photo sizes the grading engine measures, shared by the engine's refusal texts and the web app's
 * tips so that both state the real limits. Plain constants (no zod): the command line loads this.
 */
/**
 * The card's longest side in the photo must span at least this many pixels. Issue 22 asks that every
 * photo whose card is 500 px long be graded; the limit sits 4 % below that so that such a card, measured
 * a few pixels short through its rounded corners or a slight tilt, is not refused.
 */
export const MIN_CARD_LONG_SIDE_PX = 480;
/** The same limit per millimetre of the card's 88 mm long side: below it, whitening and scratches are sub-pixel. */
export const MIN_CARD_PX_PER_MM = MIN_CARD_LONG_SIDE_PX / 88;
/**
 * A photo's short side must have at least this many pixels: the narrowest photo that can hold a card of
 * the least length (its 63 mm side across the photo). Smaller photos are refused before anything is looked for.
 */
export const MIN_PHOTO_SHORT_SIDE_PX = Math.ceil((MIN_CARD_LONG_SIDE_PX * 63) / 88);
/** The largest tilt of the card to the camera the engine straightens (perspective.test.ts recovers proportions up to it). */
export const MAX_RECTIFIED_TILT_DEG = 25;
