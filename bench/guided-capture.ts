/**
 * Guided capture on simulated sessions (src/card-fixtures/capture-sessions.ts): generated card pairs and
 * real photos, each played as a camera would show it (card sliding in, glare passing, blur, steady). The
 * guide's own logic (capture-checks.ts guideStep, the engine's browser door on a downscaled frame) runs on
 * a simulated clock advanced by the measured check time; each captured still is then graded by the
 * engine (gradeCard on the pair). Prints: checks per second, time from opening to an accepted pair, which
 * segment each auto-capture came from, and how many captured pairs the engine refuses (goal: none).
 *
 *   npm run bench:capture            (add --throttle=4 to simulate a 4× slower phone CPU; --whole reads every
 *                                     frame whole, without tracing on from the previous outline, as before)
 */
import sharp from 'sharp';
import { buildSession, realScenes, syntheticScenes, type Session } from '../src/card-fixtures/capture-sessions';
import { loadRealPhotos } from '../src/card-fixtures/real-photos';
import { CAPTURE_LIMITS, readFrame, WORKING_LONG_SIDE, type FrameReading } from '../src/engine/browser';
import { EngineRefusal, gradeCard } from '../src/engine/index';
import { allMet, evaluateChecks, guideStep, startGuide, traceFrom } from '../src/web/features/capture/capture-checks';
import { FRAME_LONG_SIDE } from '../src/web/features/capture/capture-protocol';
import type { Face } from '../src/contract/grading-report';

const throttle = Number(process.argv.find((a) => a.startsWith('--throttle='))?.split('=')[1] ?? 1);
const traceOn = !process.argv.includes('--whole');
const SYNTHETIC_SEEDS = [3, 11, 19, 27, 35, 43];
/** Real photos of one card fully in frame whose card the engine's detector finds (bench:real-photos). */
const REAL = [
  'images/andrewgurg__white_straight.jpg',
  'images/andrewgurg__slight_white.jpg',
  'images/tmikonen__dragon_whelp.jpg',
  'images/tylerscripps__Fyndhorn_Elves_clockwise.jpg',
  'images/rootkow__img1.jpg',
];
const MIN_INTERVAL_MS = 80;

async function rgba(rgb: Buffer, s: Session, longSide: number) {
  const k = Math.min(1, longSide / Math.max(s.width, s.height));
  const { data, info } = await sharp(rgb, { raw: { width: s.width, height: s.height, channels: 3 } })
    .resize(Math.round(s.width * k), Math.round(s.height * k))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

/** The frame the worker checks and its working copy, both scaled outside the timed check as the canvas does. */
const frameRgba = async (rgb: Buffer, s: Session) => ({
  frame: await rgba(rgb, s, FRAME_LONG_SIDE),
  working: await rgba(rgb, s, WORKING_LONG_SIDE),
});

type Outcome = {
  name: string;
  captures: { face: Face; segment: string; atS: number }[];
  pairSeconds: number | null;
  refusal: string | null;
  checksMs: number[];
  missed: Face[];
  /** Readings traced on from the previous outline, and those whose checks a whole-frame reading would have shown otherwise. */
  tracked: number;
  trackedDiffer: string[];
  /** Auto-captures whose still the whole-still re-check did not keep. */
  notKept: number;
};

async function runSession(s: Session): Promise<Outcome> {
  const still = { width: s.width, height: s.height };
  const frameCache = new Map<number, Awaited<ReturnType<typeof frameRgba>>>();
  const outcome: Outcome = {
    name: s.name,
    captures: [],
    pairSeconds: null,
    refusal: null,
    checksMs: [],
    missed: [],
    tracked: 0,
    trackedDiffer: [],
    notKept: 0,
  };
  const stills: Partial<Record<Face, Buffer>> = {};
  let t = 0; // simulated seconds since the screen opened
  const faceEnd = (face: Face) => s.frames.findLastIndex((f) => f.face === face);
  for (const face of ['front', 'back'] as const) {
    let guide = startGuide(face === 'front');
    for (;;) {
      const index = Math.floor(t * s.fps + 1e-6);
      if (index > faceEnd(face)) {
        outcome.missed.push(face);
        break;
      }
      const frameIndex = index;
      if (s.frames[frameIndex].face !== face) {
        t += 1 / s.fps;
        continue;
      }
      if (!frameCache.has(frameIndex)) frameCache.set(frameIndex, await frameRgba(s.frames[frameIndex].rgb, s));
      const started = performance.now();
      const { frame, working } = frameCache.get(frameIndex)!;
      // Traced on from the previous outline where the guide allows it, as the dialog does.
      const reading: FrameReading = readFrame(face, frame, still, working, { near: traceOn ? traceFrom(guide, t * 1000) : null });
      const ms = (performance.now() - started) * throttle;
      outcome.checksMs.push(ms);
      if (reading.tracked) {
        // Outside the timing: would a whole-frame reading of this frame have shown the same checks?
        outcome.tracked++;
        const whole = readFrame(face, frame, still, working);
        const states = (r: FrameReading) =>
          evaluateChecks(r, still, CAPTURE_LIMITS)
            .map((c) => c.state)
            .join();
        if (states(whole) !== states(reading)) outcome.trackedDiffer.push(`${face} ${s.frames[frameIndex].segment}`);
      }
      t += Math.max(ms, MIN_INTERVAL_MS) / 1000;
      const step = guideStep(guide, reading, t * 1000, still, CAPTURE_LIMITS);
      guide = step.state;
      if (!step.capture) continue;
      // The still: the camera's frame at the shutter (the next frame), checked again like the dialog does.
      const shot = s.frames[Math.min(Math.floor(t * s.fps + 1e-6), faceEnd(face))];
      const shotFrames = await frameRgba(shot.rgb, s);
      const again = readFrame(face, shotFrames.frame, still, shotFrames.working);
      if (!allMet(evaluateChecks(again, still, CAPTURE_LIMITS))) {
        outcome.notKept++;
        continue;
      }
      stills[face] = await sharp(shot.rgb, { raw: { width: s.width, height: s.height, channels: 3 } })
        .jpeg({ quality: 92 })
        .toBuffer();
      outcome.captures.push({ face, segment: shot.segment, atS: t });
      // The collector turns the card over: the back's frames start now.
      if (face === 'front') t = Math.max(t, (faceEnd('front') + 1) / s.fps);
      break;
    }
  }
  if (stills.front && stills.back) {
    outcome.pairSeconds = outcome.captures.at(-1)!.atS;
    try {
      await gradeCard({ front: stills.front, back: stills.back });
    } catch (err) {
      if (!(err instanceof EngineRefusal)) throw err;
      outcome.refusal = err.message;
    }
  }
  return outcome;
}

const sessions: (() => Promise<Session>)[] = SYNTHETIC_SEEDS.map(
  (seed) => async () => buildSession(`synthetic #${seed}`, await syntheticScenes(seed)),
);
const real = loadRealPhotos();
if (real.photos) {
  for (const file of REAL) {
    const photo = real.photos.find((p) => p.file === file);
    if (photo?.corners) sessions.push(async () => buildSession(`real ${file.replace('images/', '')}`, await realScenes(real.dir, photo)));
  }
} else console.log(`Real photos skipped: ${real.reason}`);

const outcomes: Outcome[] = [];
for (const make of sessions) {
  const o = await runSession(await make());
  outcomes.push(o);
  const caps = o.captures.map((c) => `${c.face} ${c.segment} @${c.atS.toFixed(1)}s`).join(', ') || 'none';
  console.log(
    `${o.name.padEnd(48)} captures: ${caps}${o.missed.length ? ` (missed ${o.missed.join(', ')})` : ''}; ` +
      `pair ${o.pairSeconds === null ? '—' : `${o.pairSeconds.toFixed(1)} s`}; engine: ${o.pairSeconds === null ? '—' : (o.refusal ?? 'graded')}`,
  );
}
const all = outcomes.flatMap((o) => o.checksMs).sort((a, b) => a - b);
const median = (xs: number[]) => xs[Math.floor(xs.length / 2)];
const pairs = outcomes.filter((o) => o.pairSeconds !== null);
const badSegments = outcomes.flatMap((o) => o.captures).filter((c) => c.segment !== 'steady').length;
console.log(`\nCPU throttle ×${throttle} (simulated by scaling measured time)`);
console.log(
  `Check time per frame (${FRAME_LONG_SIDE} px long side): median ${median(all).toFixed(0)} ms, p90 ${all[Math.floor(all.length * 0.9)].toFixed(0)} ms`,
);
console.log(`Checks per second: ${(1000 / Math.max(MIN_INTERVAL_MS, median(all))).toFixed(1)}`);
console.log(`Sessions: ${outcomes.length}; pairs captured: ${pairs.length}; captures outside the steady stretch: ${badSegments}`);
console.log(
  `Time from opening to a captured pair (simulated, 5.2 s of video per face): median ${pairs.length ? median(pairs.map((o) => o.pairSeconds!).sort((a, b) => a - b)).toFixed(1) : '—'} s`,
);
const tracked = outcomes.reduce((n, o) => n + o.tracked, 0);
const differ = outcomes.flatMap((o) => o.trackedDiffer.map((d) => `${o.name} ${d}`));
console.log(
  `Readings traced on from the previous outline: ${tracked} of ${all.length}; their checks differ from a whole-frame reading's: ${differ.length}` +
    (differ.length ? ` (${[...new Set(differ)].join('; ')})` : ''),
);
console.log(`Auto-captures the whole-still re-check did not keep: ${outcomes.reduce((n, o) => n + o.notKept, 0)}`);
console.log(`Captured pairs the engine refuses: ${pairs.filter((o) => o.refusal).length} of ${pairs.length}`);
