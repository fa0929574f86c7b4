import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { MIN_CARD_LONG_SIDE_PX, MIN_PHOTO_SHORT_SIDE_PX } from '@contract/photo-limits';
import type { TRefusalCode, TTestDetectionRefusal } from '@contract/test-detection';
import { Button } from '@web/components/ui/button';

/** Each refusal in plain words, with what to change before the next photo. */
export const REFUSAL_HELP: Record<TRefusalCode, { title: string; tips: string[] }> = {
  no_card_found: {
    title: 'We could not find a card in this photo',
    tips: [
      'Lay the card flat on a plain surface that contrasts with its border: dark cloth under a yellow or silver border, light paper under a dark one.',
      'Let the card fill most of the frame, with a little background showing on every side.',
      'Take the card out of its sleeve or toploader.',
    ],
  },
  card_cut_off: {
    title: 'Part of the card is outside the photo',
    tips: [
      'Step back a little so all four corners are in the frame.',
      'Leave a strip of background on every side of the card.',
      'Hold the phone straight above the card so no edge runs off the picture.',
    ],
  },
  too_blurry: {
    title: 'The photo is too blurry to measure',
    tips: [
      'Tap the card on your screen to focus before you take the picture.',
      'Hold the phone still: rest your elbows on the table, or use the timer.',
      'Add light so the camera can use a short exposure. Move closer instead of zooming.',
    ],
  },
  glare: {
    title: 'Glare washes out part of the card',
    tips: [
      'Turn off the flash and move away from lamps or direct sunlight.',
      'Use soft, even light: daylight near a window works well.',
      'Take the card out of its sleeve; plastic reflects light.',
    ],
  },
  several_cards: {
    title: 'More than one card is in the photo',
    tips: [
      'Photograph one card at a time, on a plain surface.',
      'Or crop the photo so only the card you are grading is in it, with a little background on every side.',
    ],
  },
  card_in_slab: {
    title: 'The card is sealed in a grading slab',
    tips: [
      "A slab's case and label stand between the camera and the card's edges and surface, so we do not grade through it.",
      'Photograph a raw card: out of the slab, on a plain surface. A clear penny sleeve is fine.',
      'A slabbed card already carries its grade on the label; check it on the grading company’s site by its certificate number.',
    ],
  },
  card_in_sleeve: {
    title: 'The card is in a coloured sleeve',
    tips: [
      "A coloured sleeve's margin runs round the card like a border, and here we could not find the card's own edges inside it.",
      'Take the card out of the sleeve, or move it to a clear penny sleeve, and photograph it on a plain surface.',
    ],
  },
  faces_mismatch: {
    title: 'The front and back are not the same card',
    tips: [
      'Photograph both sides of the one card you are grading, in the same session.',
      'Check that the back photo is not of another card lying beside it.',
      'Hold the phone straight above the card for both photos: a strong tilt changes the outline.',
    ],
  },
  too_dark: {
    title: 'The photo is too dark to measure the card',
    tips: [
      'Turn on a room light or move near a window; avoid the flash, it causes glare.',
      'Let the card fill most of the frame so the camera exposes for it, not for the background.',
      'Whitening and scratches hide in shadow: even light matters more than strong light.',
    ],
  },
  too_bright: {
    title: 'The photo is overexposed',
    tips: [
      'Move the card out of direct sunlight or away from the lamp.',
      'Tap the card on your screen and drag the exposure down until its white parts show detail.',
      'Lay the card on a darker surface so the camera does not over-brighten it.',
    ],
  },
  image_too_small: {
    title: 'The photo is too small to measure the card',
    tips: [
      'Upload the original photo from your camera, not a screenshot or a copy sent through a messaging app.',
      'Move closer so the card fills most of the frame.',
      `Use a photo at least ${MIN_PHOTO_SHORT_SIDE_PX} pixels on its short side, in which the card is at least ${MIN_CARD_LONG_SIDE_PX} pixels long.`,
    ],
  },
  image_too_large: {
    title: 'The photo is too large',
    tips: [
      'Export it at a smaller size: at most 40 megapixels and 25 MB.',
      'Most phone photos are fine as they are; very large scans may need resizing.',
    ],
  },
  invalid_image: {
    title: 'We cannot read this file',
    tips: ['Upload a JPEG, PNG, WebP or HEIC photo.', 'If the file came from another app, save or export it again and retry.'],
  },
};

export function RefusalPanel({ refusal, onRetry }: { refusal: TTestDetectionRefusal; onRetry: () => void }) {
  const help = REFUSAL_HELP[refusal.refusal];
  return (
    <section aria-labelledby="refusal-title" className="grid gap-4 rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-950">
      <div className="flex gap-3">
        <TriangleAlert aria-hidden className="mt-0.5 size-6 shrink-0 text-amber-700" />
        <div>
          <h2 id="refusal-title" className="text-lg font-semibold">
            {help.title}
          </h2>
          <p className="mt-1 text-sm">Grading would refuse this photo too (and give the credit back). Nothing was stored.</p>
          <p className="mt-1 text-xs text-amber-900">
            <span className="font-medium">The engine said:</span> {refusal.message}
          </p>
        </div>
      </div>
      <div>
        <h3 className="text-sm font-semibold">How to retake it</h3>
        <ul className="mt-2 grid list-disc gap-1.5 pl-5 text-sm">
          {help.tips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button onClick={onRetry}>Try another photo</Button>
        <Button asChild variant="outline">
          <Link to="/account/first-grade">More photo tips</Link>
        </Button>
      </div>
    </section>
  );
}
