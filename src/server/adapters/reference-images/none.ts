import type { ReferenceImagePort } from './port';

/** Embedded default: no reference images (offline, or not wanted); gradings use the stricter detector. */
export const noReferenceImages: ReferenceImagePort = { kind: 'none', get: async () => null };
