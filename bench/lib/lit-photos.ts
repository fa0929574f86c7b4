/**
 * Generated cards under the light of real rooms (issue 22: physically rendered photos with gloss, sheen,
 * shadows, dim and tinted light were refused or mismeasured). Each light (scene.ts PhysicalLight) is
 * drawn at random per card, on cards of known truth with damage at the bench's usual rate, and each
 * face is analysed as grading does. Prints, per light: faces graded, refusals by code, centering error
 * (points: mean, p95), scratches found of those drawn, scratch findings where none was drawn, and
 * whitened corners flagged (where whitening can show) with clean corners flagged.
 *   BENCH_LIT=8 (cards per light), BENCH_VERBOSE=1 (lists refusals and wrong outlines), BENCH_LIT_OUT=dir
 */
import fs from 'node:fs';
import path from 'node:path';
import { EngineRefusal, analyseFace, percentile, type Point } from '../../src/engine';
import type { Rgb } from '../../src/card-fixtures/synthetic/card';
import { generateSyntheticCard } from '../../src/card-fixtures/synthetic/generator';
import { createRandom, type Random } from '../../src/card-fixtures/synthetic/random';
import type { PhotoConditions, PhysicalLight } from '../../src/card-fixtures/synthetic/scene';
import { matchesScratch, type Scratch } from './scratch-match';

type Lighting = { light: PhysicalLight; conditions?: Partial<PhotoConditions>; frontBorder?: Rgb };

/** A dark desk: near-black wood, cloth or laminate. */
const darkDesk = (r: Random): Partial<PhotoConditions> => ({
  background: { kind: r.pick(['plain', 'wood', 'fabric'] as const), color: [r.int(15, 55), r.int(15, 50), r.int(15, 48)] },
});
const sheen = (r: Random, strength: [number, number]): PhysicalLight['sheen'] => ({
  at: { x: r.range(15, 48), y: r.range(20, 68) },
  angleDeg: r.range(0, 180),
  widthMm: r.range(6, 16),
  strength: r.range(...strength),
});
/** A card lying on the desk under a lamp: a contact shadow a millimetre or two wide. */
const contactShadow = (r: Random): PhysicalLight['dropShadow'] => ({
  offsetMm: { x: r.range(-1, 1), y: r.range(0.3, 1.2) },
  softMm: r.range(1, 3),
  darkness: r.range(0.25, 0.45),
});
const TUNGSTEN: Rgb = [1, 0.82, 0.55];
const BLACK_BORDER: Rgb = [18, 18, 20];

const LIGHTS: { name: string; draw: (r: Random) => Lighting }[] = [
  { name: 'gloss sheen across the card', draw: (r) => ({ light: { sheen: sheen(r, [0.3, 0.6]) } }) },
  { name: 'lamp shadow on a dark desk', draw: (r) => ({ light: { dropShadow: contactShadow(r) }, conditions: darkDesk(r) }) },
  {
    name: 'black border, dark desk, shadow',
    draw: (r) => ({ light: { dropShadow: contactShadow(r) }, conditions: darkDesk(r), frontBorder: BLACK_BORDER }),
  },
  {
    name: "the phone's shadow over part",
    draw: (r) => ({
      light: {
        occluder: {
          at: { x: r.range(0.3, 0.7), y: r.range(0.3, 0.7) },
          angleDeg: r.range(0, 360),
          softPx: r.range(30, 120),
          darkness: r.range(0.35, 0.6),
        },
      },
    }),
  },
  { name: 'tungsten lamp', draw: () => ({ light: { tint: TUNGSTEN } }) },
  { name: 'shade (cool light), vignetting', draw: (r) => ({ light: { tint: [0.85, 0.95, 1.08], vignette: r.range(0.1, 0.4) } }) },
  { name: 'dim room, noisy', draw: (r) => ({ light: { gain: r.range(0.4, 0.6) }, conditions: { noiseSigma: r.range(4, 8) } }) },
  {
    name: 'dim tungsten, vignetting, noisy',
    draw: (r) => ({
      light: { tint: TUNGSTEN, gain: r.range(0.45, 0.65), vignette: r.range(0.2, 0.5) },
      conditions: { noiseSigma: r.range(3, 6) },
    }),
  },
  {
    // Framed close, the card near the frame's edge, where the lens darkens the desk most.
    name: 'near the frame, dark desk, vignetting',
    draw: (r) => ({
      light: { vignette: r.range(0.3, 0.6), dropShadow: contactShadow(r), sheen: sheen(r, [0.2, 0.5]) },
      conditions: { ...darkDesk(r), fill: r.range(0.8, 0.92), offsetX: r.pick([-1, 1]) * r.range(0.6, 1), offsetY: r.range(-1, 1) },
      frontBorder: r.next() < 0.5 ? BLACK_BORDER : undefined,
    }),
  },
  {
    name: 'all at once, dark desk',
    draw: (r) => ({
      light: { sheen: sheen(r, [0.25, 0.5]), dropShadow: contactShadow(r), tint: [1, 0.9, 0.75], gain: r.range(0.6, 0.9), vignette: 0.3 },
      conditions: darkDesk(r),
    }),
  },
];

/** The real-photo bench's limit: every corner within this share of the card's diagonal. */
const OUTLINE_LIMIT_PERCENT = 1.5;
/** Worst corner's distance from the truth, % of the card's diagonal. */
function outlineError(found: Point[], truth: Point[]): number {
  const diagonal = Math.hypot(truth[2].x - truth[0].x, truth[2].y - truth[0].y);
  return (100 * Math.max(...found.map((p, i) => Math.hypot(p.x - truth[i].x, p.y - truth[i].y)))) / diagonal;
}

/** BENCH_LIT_OUT=dir keeps each photo refused or outlined wrong there, to look at. */
const OUT = process.env.BENCH_LIT_OUT;
function keep(seed: number, face: string, photo: Buffer) {
  if (!OUT) return;
  fs.mkdirSync(OUT, { recursive: true });
  fs.writeFileSync(path.join(OUT, `lit-${seed}-${face}.jpg`), photo);
}

/** `verbose`: also lists each refusal and each outline off by more than the limit. */
export async function benchLitPhotos(cards: number, seed0: number, verbose = false): Promise<void> {
  const notes: string[] = [];
  console.log(`\nPhysically lit photos (${cards} cards per light, both faces; centering error in points, scratches found of drawn):`);
  for (const [i, { name, draw }] of LIGHTS.entries()) {
    const codes: Record<string, number> = {};
    const errors: number[] = [];
    let faces = 0,
      graded = 0,
      outlined = 0,
      drawn = 0,
      found = 0,
      stray = 0,
      whitened = 0,
      flagged = 0,
      falseWhitening = 0;
    for (let c = 0; c < cards; c++) {
      const seed = seed0 + 1000 * i + c;
      const { light, conditions, frontBorder } = draw(createRandom(seed));
      const card = await generateSyntheticCard(seed, { defectRate: 0.6, conditions: { ...conditions, light }, frontBorder });
      for (const face of ['front', 'back'] as const) {
        faces++;
        const truth = card.truth[face];
        try {
          const a = await analyseFace(face, card[face]);
          graded++;
          const error = outlineError(a.checks.corners, truth.corners);
          if (error <= OUTLINE_LIMIT_PERCENT) outlined++;
          else {
            if (verbose) notes.push(`${name}, seed ${seed} ${face}: outline ${error.toFixed(1)} % off`);
            keep(seed, face, card[face]);
          }
          if (a.centering.measurable)
            errors.push(Math.abs(a.centering.horizontal - truth.horizontal), Math.abs(a.centering.vertical - truth.vertical));
          const scratches = truth.defects.filter((d): d is Scratch => d.kind === 'scratch');
          const seen = a.surface.issues.filter((x) => x.type === 'scratch');
          drawn += scratches.length;
          // Whitened corners where whitening can show (not on a white or silver border), and clean ones flagged.
          const worn = truth.defects.flatMap((d) => (d.kind === 'cornerWhitening' ? [d.corner as string] : []));
          for (const c of a.corners.filter((m) => m.whiteningMeasurable)) {
            const isWorn = worn.includes(c.corner);
            if (isWorn) whitened++;
            if (c.issues.includes('whitening')) {
              if (isWorn) flagged++;
              else falseWhitening++;
            }
          }
          found += scratches.filter((s) => seen.some((d) => matchesScratch(d, s))).length;
          stray += seen.filter((d) => !scratches.some((s) => matchesScratch(d, s))).length;
        } catch (err) {
          if (!(err instanceof EngineRefusal)) throw err;
          codes[err.code] = (codes[err.code] ?? 0) + 1;
          if (verbose) notes.push(`${name}, seed ${seed} ${face}: ${err.code} ${err.detail ?? ''}`);
          keep(seed, face, card[face]);
        }
      }
    }
    const refused = Object.entries(codes)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ');
    const mean = errors.reduce((s, e) => s + e, 0) / Math.max(1, errors.length);
    console.log(
      `  ${name.padEnd(34)} graded ${String(graded).padStart(2)}/${faces}${refused ? ` (refused ${refused})` : ''}, outline within ${OUTLINE_LIMIT_PERCENT} % ${outlined}/${graded}; centering ${mean.toFixed(2)} / p95 ${
        errors.length ? percentile(errors, 0.95).toFixed(2) : '-'
      }; scratches ${found}/${drawn}, ${stray} where none was drawn; whitened corners flagged ${flagged}/${whitened}, clean ones ${falseWhitening}`,
    );
  }
  for (const note of notes) console.log(`    ${note}`);
}
