/**
 * Grading engine benchmark on synthetic cards of known truth (never the same seeds as the tests):
 * centering error, corner-whitening ranking, scratch precision/recall, false scratches on holo
 * glare, refusal rate, latency and peak memory. `style: heldout` cards use border colours,
 * panels and backgrounds the engine was not tuned on.
 *   npm run bench:grading                 (BENCH_CARDS=40 BENCH_HELDOUT=20 BENCH_LIT=8 by default; BENCH_VERBOSE=1 lists missed scratches and the lit photos refused or outlined wrong)
 */
import { execFileSync } from 'node:child_process';
import sharp from 'sharp';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gradeCard, EngineRefusal } from '../src/engine';
import { percentile, type ReportSurfaceIssue } from '../src/engine/index';
import { generateSyntheticCard, type SyntheticCard } from '../src/card-fixtures/synthetic/generator';
import { generateSyntheticScan, generateTwoCardPhoto } from '../src/card-fixtures/synthetic/layouts';
import type { Defect } from '../src/card-fixtures/synthetic/card';
import { benchSurfaceReference } from './lib/surface-reference';
import { benchLowContrast } from './grading-low-contrast';
import { benchLitPhotos } from './lib/lit-photos';
import { distanceToScratch, matchesScratch } from './lib/scratch-match';

const CARDS = Number(process.env.BENCH_CARDS ?? 40);
/** BENCH_VERBOSE=1 lists each scratch the engine missed, with what it found near it. */
const VERBOSE = process.env.BENCH_VERBOSE === '1';
const missedScratches: string[] = [];
const HELDOUT = Number(process.env.BENCH_HELDOUT ?? 20);
const SEED0 = 900_000;

type Sample = { style: string; face: string; axis: string; tilt: number; error: number; stated: number };
const centering: Sample[] = [];
const cornerPairs: Record<string, [number, number]> = {};
let truthScratches = 0,
  foundScratches = 0,
  detections = 0,
  falseDetections = 0;
let glareFaces = 0,
  glareFalse = 0;
let refusals = 0,
  graded = 0;
const latencies: number[] = [];
/** Cards with a whitened corner on a border where whitening shows: graded again in dim light below. */
const whitenedCards: SyntheticCard[] = [];
const refusalCodes: Record<string, number> = {};

function scoreFace(
  card: SyntheticCard,
  face: 'front' | 'back',
  issues: ReportSurfaceIssue[],
  corners: Record<string, { score: number }>,
  style: string,
) {
  const truth = card.truth[face];
  // Corners: each whitened corner against each clean corner of the same face.
  const whitened = truth.defects
    .filter((d): d is Extract<Defect, { kind: 'cornerWhitening' }> => d.kind === 'cornerWhitening')
    .map((d) => d.corner as string);
  if (whitened.length)
    for (const w of whitened)
      for (const c of ['TopLeft', 'TopRight', 'BottomLeft', 'BottomRight'].filter((c) => !whitened.includes(c))) {
        // Held-out fronts are white: white wear on a white border is invisible in a photo.
        const key =
          style === 'heldout' && face === 'front'
            ? 'white border (held-out fronts)'
            : `${style} ${face === 'front' ? 'yellow/silver' : 'blue'} border`;
        const pair = (cornerPairs[key] ??= [0, 0]);
        pair[0]++;
        if (corners[`${face}${w}`].score < corners[`${face}${c}`].score) pair[1]++;
      }
  // Scratches: a detection matches a truth scratch when its midpoint lies within 1.5 mm of the scratch.
  const scratches = truth.defects.filter((d): d is Extract<Defect, { kind: 'scratch' }> => d.kind === 'scratch');
  const detected = issues.filter((i) => i.type === 'scratch');
  truthScratches += scratches.length;
  for (const s of scratches) {
    if (detected.some((d) => matchesScratch(d, s))) foundScratches++;
    else if (VERBOSE)
      missedScratches.push(
        `${style} seed ${card.seed} ${face}: ${Math.hypot(s.x1 - s.x0, s.y1 - s.y0).toFixed(1)} mm × ${s.widthMm} mm, strength ${s.strength.toFixed(2)}, ` +
          `(${s.x0.toFixed(1)}, ${s.y0.toFixed(1)})–(${s.x1.toFixed(1)}, ${s.y1.toFixed(1)}); found nearby: ${
            issues
              .filter((i) => distanceToScratch(i.xMm, i.yMm, s) < 6)
              .map((i) => `${i.type} ${i.severity} at (${i.xMm.toFixed(1)}, ${i.yMm.toFixed(1)})`)
              .join(', ') || 'nothing'
          }`,
      );
  }
  detections += detected.length;
  const glare = truth.defects.find((d): d is Extract<Defect, { kind: 'holoGlare' }> => d.kind === 'holoGlare');
  if (glare) glareFaces++;
  for (const d of detected) {
    if (scratches.some((s) => matchesScratch(d, s))) continue;
    falseDetections++;
    if (glare && ((d.xMm - glare.cx) / (glare.rx * 1.5)) ** 2 + ((d.yMm - glare.cy) / (glare.ry * 1.5)) ** 2 < 1) glareFalse++;
  }
}

let peakRss = 0;
const started = Date.now();
for (const [style, count] of [
  ['tuning', CARDS],
  ['heldout', HELDOUT],
] as const) {
  for (let i = 0; i < count; i++) {
    const seed = SEED0 + (style === 'heldout' ? 50_000 : 0) + i;
    const card = await generateSyntheticCard(seed, { style, defectRate: 0.6 });
    const t0 = performance.now();
    try {
      const { report } = await gradeCard({ front: card.front, back: card.back });
      latencies.push(performance.now() - t0);
      if (
        style === 'tuning' &&
        whitenedCards.length < 10 &&
        ['front', 'back'].some((f) => card.truth[f as 'front'].defects.some((d) => d.kind === 'cornerWhitening'))
      )
        whitenedCards.push(card);
      graded++;
      for (const face of ['front', 'back'] as const) {
        const log = report.centeringDecisionLog[face];
        const truth = card.truth[face];
        if (log.measurable) {
          centering.push({
            style,
            face,
            axis: 'horizontal',
            tilt: truth.conditions.tiltDeg,
            error: Math.abs(log.horizontal - truth.horizontal),
            stated: log.uncertainty.horizontal,
          });
          centering.push({
            style,
            face,
            axis: 'vertical',
            tilt: truth.conditions.tiltDeg,
            error: Math.abs(log.vertical - truth.vertical),
            stated: log.uncertainty.vertical,
          });
        }
        scoreFace(
          card,
          face,
          face === 'front' ? report.surfaceDecisionLog.frontIssues : report.surfaceDecisionLog.backIssues,
          report.cornersDecisionLog.details,
          style,
        );
      }
    } catch (err) {
      if (!(err instanceof EngineRefusal)) throw err;
      refusals++;
      refusalCodes[err.code] = (refusalCodes[err.code] ?? 0) + 1;
    }
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    process.stderr.write(`\r  ${style} ${i + 1}/${count}`);
  }
}
process.stderr.write('\n');

const stats = (xs: number[]) =>
  xs.length
    ? `mean ${(xs.reduce((s, x) => s + x, 0) / xs.length).toFixed(3)}  p95 ${percentile(xs, 0.95).toFixed(3)}  (n=${xs.length})`
    : 'n=0';
console.log(`\nGrading benchmark: ${CARDS} tuning + ${HELDOUT} held-out synthetic cards (${((Date.now() - started) / 1000).toFixed(0)} s)`);
console.log('\nCentering absolute error, percentage points (target: mean ≤ 0.5, p95 ≤ 1.5):');
for (const style of ['tuning', 'heldout'])
  for (const face of ['front', 'back'])
    for (const axis of ['horizontal', 'vertical'])
      console.log(
        `  ${style.padEnd(8)} ${face.padEnd(6)} ${axis.padEnd(11)} ${stats(centering.filter((c) => c.style === style && c.face === face && c.axis === axis).map((c) => c.error))}`,
      );
for (const [lo, hi] of [
  [0, 5],
  [5, 10],
  [10, 15.01],
] as const)
  console.log(
    `  tilt ${lo}–${Math.round(hi)}°${' '.repeat(21)}${stats(centering.filter((c) => c.tilt >= lo && c.tilt < hi).map((c) => c.error))}`,
  );
const all = centering.map((c) => c.error);
console.log(
  `  all${' '.repeat(29)}${stats(all)}  ${all.length && all.reduce((s, x) => s + x, 0) / all.length <= 0.5 && percentile(all, 0.95) <= 1.5 ? 'PASS' : 'FAIL'}`,
);
// The stated ± must hold: share of real errors within it (target 95 %), and the factor it would need.
const covered = centering.filter((c) => c.error <= c.stated).length;
console.log(
  `  ± coverage: ${covered}/${centering.length} = ${((100 * covered) / Math.max(1, centering.length)).toFixed(1)}% of errors within the stated ± (target ≥ 95%); 95th percentile of error/± = ${percentile(
    centering.map((c) => c.error / Math.max(1e-9, c.stated)),
    0.95,
  ).toFixed(2)}`,
);
const visible = Object.entries(cornerPairs).filter(([k]) => !k.startsWith('white'));
const [vp, vo] = visible.reduce(([p, o], [, [a, b]]) => [p + a, o + b], [0, 0]);
console.log(
  `\nCorner whitening, whitened corner below every clean corner of its face (target ≥ 95%): ${vo}/${vp} = ${((100 * vo) / Math.max(1, vp)).toFixed(1)}% where whitening can show`,
);
for (const [k, [p, o]] of Object.entries(cornerPairs))
  console.log(`  ${k.padEnd(34)} ${o}/${p} = ${((100 * o) / Math.max(1, p)).toFixed(1)}%`);
for (const m of missedScratches) console.log(`  missed scratch: ${m}`);
const recall = foundScratches / Math.max(1, truthScratches),
  fpRate = falseDetections / Math.max(1, detections);
console.log(
  `Scratches: recall ${(100 * recall).toFixed(1)}% (${foundScratches}/${truthScratches}), precision ${(100 * (1 - fpRate)).toFixed(1)}%, false positives ${(100 * fpRate).toFixed(1)}% of detections (targets: recall ≥ 90%, false positives ≤ 10%)`,
);
console.log(`Holo glare: ${glareFalse} false scratches on ${glareFaces} faces with holo glare`);
console.log(
  `Graded: ${graded}/${CARDS + HELDOUT}; refusals of valid photos: ${refusals}/${CARDS + HELDOUT} (${((100 * refusals) / (CARDS + HELDOUT)).toFixed(1)}%) ${JSON.stringify(refusalCodes)}`,
);
console.log(
  `In-process latency per card (front + back): p50 ${percentile(latencies, 0.5).toFixed(0)} ms, p95 ${percentile(latencies, 0.95).toFixed(0)} ms; peak RSS ${(peakRss / 2 ** 20).toFixed(0)} MB (generator included)`,
);

// Surface findings with and without the catalogue image (BENCH_SURFACE damaged + BENCH_CLEAN undamaged + BENCH_SCRATCHED one-scratch cards).
for (const row of await benchSurfaceReference({
  damaged: Number(process.env.BENCH_SURFACE ?? 24),
  clean: Number(process.env.BENCH_CLEAN ?? 24),
  scratched: Number(process.env.BENCH_SCRATCHED ?? 30),
  seed0: SEED0 + 60_000,
}))
  console.log(row);

// Exposure: the same photos darker (a pure gain on the JPEG, as a dimmer room gives).
const dim = (photo: Buffer, factor: number) => sharp(photo).linear(factor, 0).jpeg({ quality: 92 }).toBuffer();
/** Whitened corner below every clean corner of its face, over faces whose border shows whitening. */
function cornerOrdering(card: SyntheticCard, details: Record<string, { score: number }>): [number, number] {
  let pairs = 0,
    ordered = 0;
  for (const face of ['front', 'back'] as const) {
    const whitened = card.truth[face].defects.flatMap((d) => (d.kind === 'cornerWhitening' ? [d.corner as string] : []));
    for (const w of whitened)
      for (const c of ['TopLeft', 'TopRight', 'BottomLeft', 'BottomRight'].filter((c) => !whitened.includes(c))) {
        pairs++;
        if (details[`${face}${w}`].score < details[`${face}${c}`].score) ordered++;
      }
  }
  return [pairs, ordered];
}
const dimOrder = [0, 0];
for (const card of whitenedCards) {
  const { report } = await gradeCard({ front: await dim(card.front, 0.6), back: await dim(card.back, 0.6) });
  const [p, o] = cornerOrdering(card, report.cornersDecisionLog.details);
  dimOrder[0] += p;
  dimOrder[1] += o;
}
console.log(
  `Whitened-corner ordering at 60 % brightness (same ${whitenedCards.length} tuning cards, yellow/silver/blue borders): ${dimOrder[1]}/${dimOrder[0]} = ${((100 * dimOrder[1]) / Math.max(1, dimOrder[0])).toFixed(1)}%`,
);
const sweepRows: string[] = [];
let raised = 0;
for (const seed of [SEED0 + 70_000, SEED0 + 70_001, SEED0 + 70_002]) {
  const card = await generateSyntheticCard(seed, { defectRate: 0.6 });
  let reference: Record<string, number> | null = null;
  const row: string[] = [];
  for (const factor of [1, 0.6, 0.45, 0.25, 0.18]) {
    try {
      const { report: r } = await gradeCard({ front: await dim(card.front, factor), back: await dim(card.back, factor) });
      const sub = { centering: r.centeringScore, corners: r.cornersScore, edges: r.edgesScore, surface: r.surfaceScore };
      reference ??= sub;
      raised += Object.entries(sub).filter(([k, v]) => v > reference![k]).length;
      row.push(`${factor * 100}%: PSA ${r.psaGrade} (${Object.values(sub).join('/')}, conf ${r.confidence})`);
    } catch (err) {
      if (!(err instanceof EngineRefusal)) throw err;
      row.push(`${factor * 100}%: ${err.code}`);
    }
  }
  sweepRows.push(`  card ${seed}: ${row.join('; ')}`);
}
console.log(`Brightness sweep (sub-grades centering/corners/edges/surface): ${raised} sub-grades raised by less light (target 0)`);
for (const row of sweepRows) console.log(row);

// Reshoots: one undamaged card photographed five times (pose, tilt, light gradient change).
for (const seed of [SEED0 + 80_000, SEED0 + 80_001]) {
  const grades: string[] = [];
  for (let shot = 0; shot < 5; shot++) {
    const pose = {
      tiltDeg: 2 + shot * 2.5,
      tiltDirectionDeg: shot * 70,
      rotationDeg: -6 + shot * 3,
      offsetX: -0.5 + shot * 0.25,
      offsetY: 0.4 - shot * 0.2,
      lightGradient: 0.05 * shot,
    };
    const card = await generateSyntheticCard(seed, { defectRate: 0, conditions: pose });
    try {
      grades.push(String((await gradeCard({ front: card.front, back: card.back })).report.psaGrade));
    } catch (err) {
      if (!(err instanceof EngineRefusal)) throw err;
      grades.push(err.code);
    }
  }
  const mode = Math.max(...grades.map((g) => grades.filter((x) => x === g).length));
  console.log(`Reshoots of undamaged card ${seed}: PSA ${grades.join(', ')} (${mode}/5 agree)`);
}

// Outcomes the engine must get right: two cards in one photo, flatbed scans (card filling the frame),
// a scan that crops the card, and a back that is not the front's card.
const outcome = async (front: Buffer, back: Buffer) => {
  try {
    return `graded PSA ${(await gradeCard({ front, back })).report.psaGrade}`;
  } catch (err) {
    if (!(err instanceof EngineRefusal)) throw err;
    return err.code;
  }
};
const twoCards: string[] = [],
  scans: string[] = [],
  cutScans: string[] = [],
  mismatched: string[] = [];
const scanErrors: number[] = [];
for (const seed of [SEED0 + 90_000, SEED0 + 90_001, SEED0 + 90_002]) {
  // Two different cards side by side (synthetic/layouts.ts), and the same photo with the smaller one on the right.
  const two = await generateTwoCardPhoto(seed, { rightFill: seed % 2 ? 0.55 : 0.75 });
  twoCards.push(await outcome(two.photo, two.left.back));
  // Flatbed scans: card filling the frame, flat light, a small rotation; no margin, 1 mm, 3 mm, white or black lid.
  for (const [k, marginMm] of [0, 1, 3].entries()) {
    const scan = await generateSyntheticScan(seed + 10 * k, {
      marginMm,
      rotationDeg: (k - 1) * 0.7,
      backdrop: k === 2 ? [18, 18, 20] : undefined,
    });
    try {
      const { report } = await gradeCard({ front: scan.front, back: scan.back });
      scans.push(`${marginMm} mm: PSA ${report.psaGrade}`);
      for (const face of ['front', 'back'] as const) {
        const log = report.centeringDecisionLog[face];
        if (log.measurable)
          scanErrors.push(Math.abs(log.horizontal - scan.truth[face].horizontal), Math.abs(log.vertical - scan.truth[face].vertical));
      }
    } catch (err) {
      if (!(err instanceof EngineRefusal)) throw err;
      scans.push(`${marginMm} mm: ${err.code}`);
    }
  }
  // A scan that crops the card itself (4 mm off the bottom) must still be refused.
  const scan = await generateSyntheticScan(seed, { marginMm: 1 });
  const meta = await sharp(scan.front).metadata();
  const cut = Math.round((meta.height * 4) / 90),
    side = Math.round((cut * 63) / 88 / 2);
  cutScans.push(
    await outcome(
      await sharp(scan.front)
        .extract({ left: side, top: 0, width: meta.width - 2 * side, height: meta.height - cut })
        .jpeg({ quality: 92 })
        .toBuffer(),
      scan.back,
    ),
  );
  // A back of other proportions (10 % narrower, photographed square-on) must not be graded with this front.
  const card = await generateSyntheticCard(seed, { conditions: { tiltDeg: 1, fill: 0.7, offsetX: 0, offsetY: 0 } });
  const bm = await sharp(card.back).metadata();
  mismatched.push(
    await outcome(
      card.front,
      await sharp(card.back)
        .resize(Math.round(bm.width * 0.9), bm.height, { fit: 'fill' })
        .jpeg({ quality: 92 })
        .toBuffer(),
    ),
  );
}
console.log(`Two cards in one photo (3 photos; want several_cards): ${twoCards.join(', ')}`);
console.log(`Flatbed scans, card filling the frame (9 scans; want graded): ${scans.join(', ')}; centering error ${stats(scanErrors)}`);
console.log(`Scans cropping the card (3; want card_cut_off): ${cutScans.join(', ')}`);
console.log(`Back of another card's proportions (3; want faces_mismatch): ${mismatched.join(', ')}`);
for (const row of await benchLowContrast(SEED0 + 95_000)) console.log(row);
// The light of real rooms: gloss, shadows, lamps, dim rooms (BENCH_LIT cards per light; 0 skips it).
const LIT = Number(process.env.BENCH_LIT ?? 8);
if (LIT > 0) await benchLitPhotos(LIT, SEED0 + 120_000, VERBOSE);

// One card end to end through the command line, process start-up included, as a user would run it.
const dir = path.resolve('.tmp/bench-grading');
fs.mkdirSync(dir, { recursive: true });
const sample = await generateSyntheticCard(SEED0 - 1, { defectRate: 0.5 });
fs.writeFileSync(path.join(dir, 'front.jpg'), sample.front);
fs.writeFileSync(path.join(dir, 'back.jpg'), sample.back);
const cli: number[] = [],
  cliCpu: number[] = [];
/** CPU seconds (user + system) of finished child processes: on a shared, loaded machine wall time mostly measures the others. */
const childCpu = () => {
  const t = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(t[13]) + Number(t[14])) / 100;
};
// Warm the bundle cache once, as any second run of the command would find it.
execFileSync(process.execPath, ['scripts/run-bundled.mjs', 'scripts/grade.ts', '--help']);
let cliRss = 0;
for (let i = 0; i < 5; i++) {
  const t0 = performance.now();
  const child0 = childCpu();
  // The process `npm run grade` starts (npm's own start-up, ~0.15 s, is not the engine's).
  const out = execFileSync(
    process.execPath,
    ['scripts/run-bundled.mjs', 'scripts/grade.ts', '--front', path.join(dir, 'front.jpg'), '--back', path.join(dir, 'back.jpg'), '--json'],
    { encoding: 'utf8' },
  );
  cli.push(performance.now() - t0);
  cliCpu.push(childCpu() - child0);
  JSON.parse(out);
}
const timeOut = execFileSync(
  '/usr/bin/env',
  [
    'bash',
    '-c',
    `/usr/bin/time -f '%M' ${process.execPath} scripts/run-bundled.mjs scripts/grade.ts --front ${dir}/front.jpg --back ${dir}/back.jpg --json 2>&1 >/dev/null | tail -1`,
  ],
  { encoding: 'utf8' },
);
cliRss = Number(timeOut.trim()) / 1024;
console.log(
  `Command line, one card (2 photos of ${((sample.truth.front.conditions.width * sample.truth.front.conditions.height) / 1e6).toFixed(1)} MP, start-up included): p50 ${percentile(cli, 0.5).toFixed(0)} ms wall, ${(1000 * percentile(cliCpu, 0.5)).toFixed(0)} ms CPU (both threads) over ${cli.length} runs, load average ${os.loadavg()[0].toFixed(1)} on ${os.availableParallelism()} cores; peak memory ${Number.isFinite(cliRss) ? cliRss.toFixed(0) : '?'} MB (targets: p50 ≤ 1000 ms, ≤ 400 MB)`,
);

// The web process while gradings run (bench/event-loop.ts; BENCH_API=0 skips it).
if (process.env.BENCH_API !== '0')
  process.stdout.write(execFileSync(process.execPath, ['--import', 'tsx', 'bench/event-loop.ts'], { encoding: 'utf8' }));
