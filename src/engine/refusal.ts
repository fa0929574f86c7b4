import type { TRefusalCode } from '@contract/grading-report';
import { MIN_CARD_LONG_SIDE_PX, MIN_PHOTO_SHORT_SIDE_PX } from '@contract/photo-limits';

/** Why the engine declined to grade a photo. Refusing beats guessing: each reason tells the user what to fix. */
export const REFUSAL_CODES = {
  invalid_image: 'The file is not an image we can read. Upload a JPEG, PNG, WebP or HEIC photo.',
  image_too_large: 'The image is larger than 40 megapixels or 25 MB. Upload a smaller photo.',
  image_too_small: `The image is too small to measure the card. Use a photo at least ${MIN_PHOTO_SHORT_SIDE_PX} pixels on its short side, in which the card is at least ${MIN_CARD_LONG_SIDE_PX} pixels long: move closer so it fills most of the frame.`,
  no_card_found:
    'No card was found in the photo. Lay the card flat on a plain surface that contrasts with its border and fill most of the frame.',
  card_cut_off: 'Part of the card is outside the photo. Leave a little background visible on every side of the card.',
  too_blurry: 'The photo is too blurry to measure edges and corners. Hold the phone still, tap the card to focus and try again.',
  glare: 'Glare washes out part of the card. Move away from direct light or take the card out of its sleeve and try again.',
  several_cards: 'The photo shows more than one card. Photograph one card at a time, or crop the photo to the card you are grading.',
  faces_mismatch:
    'The front and back photos do not show the same card: their outlines differ in shape or size. Photograph both sides of the one card you are grading.',
  too_dark: 'The photo is too dark to measure the card. Turn on a light or move near a window (no flash) and try again.',
  card_in_slab:
    "The card is sealed in a grading company's slab: its case and label, not the card, would be measured. Photograph the card out of the slab (a clear penny sleeve is fine) to grade it.",
  card_in_sleeve:
    "The card is in a coloured sleeve, and its own edges could not be told from the sleeve's. Take the card out of the sleeve (a clear penny sleeve is fine) and photograph it on a plain surface.",
  too_bright: 'The photo is overexposed: the card is washed out. Move out of direct sunlight or lower the exposure and try again.',
} as const satisfies Partial<Record<TRefusalCode, string>>;
export type RefusalCode = keyof typeof REFUSAL_CODES;

export class EngineRefusal extends Error {
  constructor(
    readonly code: RefusalCode,
    readonly face?: 'front' | 'back',
    readonly detail?: string,
  ) {
    super(`${face ? `${face[0].toUpperCase()}${face.slice(1)} photo: ` : ''}${REFUSAL_CODES[code]}${detail ? ` (${detail})` : ''}`);
    this.name = 'EngineRefusal';
  }
}
