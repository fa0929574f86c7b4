import { CORNER_SLOTS, MAX_DETAIL_IMAGES, REPLACE_PHOTOS_ONLY_MESSAGE } from '@contract/user-cards';
import type { ReceivedUpload, UploadForm } from '../uploads/multipart-upload';

/** A card's photos as temp files from the upload receiver (uploads/multipart-upload.ts). */
export interface UploadedPhotos {
  front?: string;
  back?: string;
  corners: Partial<Record<(typeof CORNER_SLOTS)[number], string>>;
  details: string[];
}

/** The photo fields of the add-card form (and of any form that sends a card's photos). */
export const CARD_PHOTO_FILES: Readonly<Record<string, number>> = {
  front: 1,
  back: 1,
  ...Object.fromEntries(CORNER_SLOTS.map((slot) => [slot, 1])),
  details: MAX_DETAIL_IMAGES,
};

/** The add-card form: the card's identity (catalogue id, or typed in), the printing owned and its copies, and its photos. */
export const ADD_CARD_FORM: UploadForm = {
  files: CARD_PHOTO_FILES,
  fields: ['cardId', 'cardName', 'cardSet', 'cardNumber', 'rarity', 'edition', 'finish', 'quantity'],
};

/** New photos for an existing card: any of its photo slots, and no text (its identity does not change here). */
export const REPLACE_PHOTOS_FORM: UploadForm = {
  files: CARD_PHOTO_FILES,
  fields: [],
  unexpectedFieldMessage: REPLACE_PHOTOS_ONLY_MESSAGE,
};

const CORNERS = new Set<string>(CORNER_SLOTS);

/** The received files sorted into the card's photo slots. */
export function photosFromUpload(upload: ReceivedUpload): UploadedPhotos {
  const photos: UploadedPhotos = { corners: {}, details: [] };
  for (const file of upload.files) {
    if (file.field === 'front' || file.field === 'back') photos[file.field] = file.path;
    else if (CORNERS.has(file.field)) photos.corners[file.field as keyof UploadedPhotos['corners']] = file.path;
    else if (file.field === 'details') photos.details.push(file.path);
  }
  return photos;
}
