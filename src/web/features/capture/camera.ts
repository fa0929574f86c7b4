/**
 * The rear camera at the highest resolution it offers, and a still from it: ImageCapture.takePhoto
 * (the sensor's full-resolution photo) where the browser has it, else the current video frame.
 */
export type CameraProblemKind = 'denied' | 'none' | 'failed';

export const CAMERA_MESSAGES: Record<CameraProblemKind, string> = {
  denied: 'Camera access was refused. Allow the camera for this site in your browser settings, or choose photos from your files instead.',
  none: 'No camera was found on this device. Choose photos from your files instead.',
  failed: 'The camera could not be started. Close other apps that use it and try again, or choose photos from your files instead.',
};

export async function openRearCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw problem('none');
  try {
    return await navigator.mediaDevices.getUserMedia({
      audio: false,
      video: { facingMode: 'environment', width: { ideal: 4096 }, height: { ideal: 4096 } },
    });
  } catch (err) {
    const name = err instanceof DOMException ? err.name : '';
    if (name === 'NotAllowedError' || name === 'SecurityError') throw problem('denied');
    if (name === 'NotFoundError' || name === 'OverconstrainedError') throw problem('none');
    throw problem('failed');
  }
}

/** Why the camera cannot be used, with the sentence the capture screen shows. */
export class CameraProblem extends Error {
  constructor(readonly kind: CameraProblemKind) {
    super(CAMERA_MESSAGES[kind]);
    this.name = 'CameraProblem';
  }
}
const problem = (kind: CameraProblemKind) => new CameraProblem(kind);

type ImageCaptureLike = { takePhoto(): Promise<Blob> };
declare const ImageCapture: { new (track: MediaStreamTrack): ImageCaptureLike } | undefined;

/** A full-resolution still: the camera's own photo where supported, else the video frame as a JPEG. */
export async function takeStill(video: HTMLVideoElement, track: MediaStreamTrack): Promise<Blob> {
  if (typeof ImageCapture !== 'undefined') {
    try {
      return await new ImageCapture(track).takePhoto();
    } catch {
      // Some cameras (and virtual ones) have no photo mode: the video frame below is the still.
    }
  }
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext('2d')!.drawImage(video, 0, 0);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('no frame'))), 'image/jpeg', 0.92));
}
