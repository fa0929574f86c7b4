import type { ImageStore } from '../storage/port';
import { createHttpReferenceImages } from './http';
import { noReferenceImages } from './none';
import type { ReferenceImagePort } from './port';

/** The reference-image adapter REFERENCE_IMAGES names; `http` caches in the given image store. */
export function openReferenceImages(
  kind: 'http' | 'none',
  images: ImageStore,
  log?: { warn(obj: object, msg: string): void },
  allowedHosts?: readonly string[],
): ReferenceImagePort {
  return kind === 'http' ? createHttpReferenceImages({ images, log, allowedHosts }) : noReferenceImages;
}
