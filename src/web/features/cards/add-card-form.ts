import { z } from 'zod';
import type { TCatalogueSearchResponse } from '@contract/catalogue';
import { ZAddCardFields, type TAddCardFields } from '@contract/user-cards';
import type { PhotoSelection } from './PhotoFields';

export type PickedCard = TCatalogueSearchResponse['cards'][number];
export const PHOTOS_REQUIRED = 'Add a photo of the front and of the back.';

/**
 * The add-card form as the screen holds it: the mode decides which card fields count (a name typed by
 * hand does not count once the user went back to the catalogue), and the contract's ZAddCardFields
 * checks them, so its sentences (and its trimming) are the ones people see. Both rules are reported
 * together: the card and the photos are separate steps of the screen.
 */
export const ZAddCardForm = z
  .object({
    mode: z.enum(['catalogue', 'manual']),
    picked: z.custom<PickedCard | null>(),
    cardName: z.string(),
    cardSet: z.string(),
    cardNumber: z.string(),
    rarity: z.string(),
    /** The printing owned: '' is "not told"; the contract checks the words and the quantity. */
    edition: z.string(),
    finish: z.string(),
    quantity: z.string(),
    photos: z.custom<PhotoSelection>(),
  })
  .transform((form, ctx): { card: TAddCardFields; photos: PhotoSelection } => {
    const { mode, picked, photos, edition, finish, quantity, ...typed } = form;
    const printing = { edition, finish, quantity };
    const card = ZAddCardFields.safeParse(mode === 'catalogue' ? { cardId: picked?.id, ...printing } : { ...typed, ...printing });
    if (!card.success) for (const issue of card.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    if (!photos.front || !photos.back) ctx.addIssue({ code: 'custom', message: PHOTOS_REQUIRED, path: ['photos'] });
    return { card: card.data ?? { quantity: 1 }, photos };
  });
export type TAddCardForm = z.input<typeof ZAddCardForm>;
export type TAddCardValues = z.output<typeof ZAddCardForm>;
