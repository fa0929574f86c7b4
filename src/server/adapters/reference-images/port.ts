/**
 * The reference-image port: the catalogue's official image of a card (`images.large`), which the
 * grading engine compares the front photo with so that artwork is never taken for damage. Without one
 * (a hand-typed card, no network, the `none` default) the engine grades with its stricter detector.
 */
export type ReferenceCard = { cardId: string; imageUrl: string };

export interface ReferenceImagePort {
  readonly kind: 'http' | 'none';
  /** The card's image, or null when there is none to be had. Never throws: grading goes on without it. */
  get(card: ReferenceCard): Promise<Buffer | null>;
}
