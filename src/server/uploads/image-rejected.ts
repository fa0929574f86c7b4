/**
 * A photo the upload sanitiser refuses. A domain error, not an HTTP one: the sanitiser is also used
 * outside requests (scripts, the engine's tests), and only http/errors.ts decides the status.
 */
export type ImageRejectedReason = 'too_large' | 'not_an_image' | 'unreadable';

export class ImageRejected extends Error {
  constructor(
    readonly reason: ImageRejectedReason,
    message: string,
    /** The form field the photo came in, when known. */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ImageRejected';
  }
}
