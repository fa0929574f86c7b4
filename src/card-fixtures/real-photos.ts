/**
 * The shared folder of real, hand-labelled photos (../shared/realphotos beside the repository): its
 * truth file and the outline error against it. Test and bench material only: the photos have no
 * licence to ship, so they are read where they lie and never copied into the repository.
 */
import fs from 'node:fs';
import path from 'node:path';

export type Corner = 'TL' | 'TR' | 'BR' | 'BL';
type Point = { x: number; y: number };
export type RealPhoto = {
  file: string;
  source_repo: string;
  kind: string;
  situation: string;
  border: string;
  width: number;
  height: number;
  exif_orientation: number | null;
  corners?: Record<Corner, [number, number]>;
  card_long_side_px?: number;
  notes: string;
};

/** The folder, resolved from the working directory (the repository root for npm scripts and vitest). */
export const REAL_PHOTOS_DIR = path.resolve('..', 'shared', 'realphotos');

/** The labelled photos, or null (with the reason) when the folder is not on this machine. */
export function loadRealPhotos(dir = REAL_PHOTOS_DIR): { photos: RealPhoto[]; dir: string } | { photos: null; reason: string } {
  const truth = path.join(dir, 'truth.json');
  if (!fs.existsSync(truth)) return { photos: null, reason: `no real photos at ${dir} (truth.json missing)` };
  const parsed = JSON.parse(fs.readFileSync(truth, 'utf8')) as { images: RealPhoto[] };
  return { photos: parsed.images, dir };
}

export const readRealPhoto = (dir: string, photo: RealPhoto) => fs.readFileSync(path.join(dir, photo.file));

const PERMUTATIONS = (() => {
  const out: number[][] = [];
  const walk = (rest: number[], acc: number[]) => {
    if (!rest.length) out.push(acc);
    rest.forEach((v, i) => walk([...rest.slice(0, i), ...rest.slice(i + 1)], [...acc, v]));
  };
  walk([0, 1, 2, 3], []);
  return out;
})();

/**
 * Outline error of `found` against the labelled corners: corners matched one to one so that their
 * summed distance is least (the engine orders a quad its own way), each error as a percentage of the
 * card's diagonal in the photo. Returns the four errors, worst first.
 */
export function outlineErrorPercent(found: Point[], truth: Record<Corner, [number, number]>): number[] {
  const t = (['TL', 'TR', 'BR', 'BL'] as const).map((k) => ({ x: truth[k][0], y: truth[k][1] }));
  const diagonal = (Math.hypot(t[2].x - t[0].x, t[2].y - t[0].y) + Math.hypot(t[3].x - t[1].x, t[3].y - t[1].y)) / 2;
  let best: number[] = [];
  let bestSum = Infinity;
  for (const perm of PERMUTATIONS) {
    const errs = perm.map((j, i) => Math.hypot(found[j].x - t[i].x, found[j].y - t[i].y));
    const sum = errs.reduce((s, e) => s + e, 0);
    if (sum < bestSum) {
      bestSum = sum;
      best = errs;
    }
  }
  return best.map((e) => (100 * e) / diagonal).sort((a, b) => b - a);
}
