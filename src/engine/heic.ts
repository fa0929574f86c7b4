/**
 * HEIC photos, an iPhone camera's default. sharp's prebuilt libvips reads a HEIF file's header (size,
 * so the pixel cap is checked as for any photo) but has no HEVC decoder (patents), so its pixels fail to
 * decode and a collector's own phone photo would be refused as unreadable. They are decoded by libheif
 * compiled to WebAssembly (`heic-decode`), which applies the file's rotation and mirroring as a viewer
 * does, and handed to sharp as raw pixels.
 *
 * The WebAssembly runs on a worker thread of its own: it is plain computation (over a second for a
 * 12 MP photo) that would otherwise hold the calling thread, the web server's event loop among them.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { SharpOptions } from 'sharp';

/** HEIF brands whose pictures are HEVC-coded (ISO/IEC 23008-12); AVIF's own brands sharp decodes itself. */
const HEVC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs']);

/** True for an ISO-BMFF file whose major or compatible brands name HEVC-coded HEIF pictures. */
export function isHevcHeif(buf: Buffer): boolean {
  if (buf.length < 16 || buf.toString('latin1', 4, 8) !== 'ftyp') return false;
  const boxSize = Math.min(buf.readUInt32BE(0), buf.length, 256);
  const brands = [buf.toString('latin1', 8, 12)];
  for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(buf.toString('latin1', at, at + 4));
  return brands.some((b) => HEVC_BRANDS.has(b));
}

type Decoded = { width: number; height: number; data: Uint8Array };

// The worker's source: CommonJS, given heic-decode's resolved path so it loads from wherever this runs.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const decode = require(workerData.module);
decode({ buffer: workerData.photo }).then(
  (img) => parentPort.postMessage({ width: img.width, height: img.height, data: img.data }, [img.data.buffer]),
  (err) => parentPort.postMessage({ error: String(err && err.message ? err.message : err) }),
);
`;
const heicDecodeModule = createRequire(import.meta.url).resolve('heic-decode');

/** Decodes a HEVC-coded HEIF photo to RGBA on a worker thread. Rejects on a file libheif cannot read. */
export function decodeHeic(photo: Buffer): Promise<Decoded> {
  return new Promise((resolve, reject) => {
    // libheif prints its complaints about a damaged file; they are in the rejection, so its output is kept here.
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { module: heicDecodeModule, photo }, stdout: true, stderr: true });
    worker.once('message', (reply: Decoded | { error: string }) => {
      void worker.terminate();
      if ('error' in reply) reject(new Error(`HEIC decode failed: ${reply.error}`));
      else resolve(reply);
    });
    worker.once('error', (err: Error) => reject(err));
    worker.once('exit', (code) => reject(new Error(`HEIC decoder stopped (exit ${code})`)));
  });
}

/**
 * What to hand sharp for `photo`: the photo itself, or for a HEVC-coded HEIF its decoded pixels with
 * the raw options that describe them (already upright: libheif applied the file's rotation).
 */
export async function sharpInput(photo: Buffer): Promise<{ input: Buffer; options: SharpOptions }> {
  if (!isHevcHeif(photo)) return { input: photo, options: {} };
  const { width, height, data } = await decodeHeic(photo);
  return { input: Buffer.from(data.buffer, data.byteOffset, data.byteLength), options: { raw: { width, height, channels: 4 } } };
}
