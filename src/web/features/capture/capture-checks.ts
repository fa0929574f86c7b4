/**
 * The capture guide's live checks: the engine's reading of one camera frame (engine/browser.ts) turned
 * into the states the collector sees, the one thing to change next, and when to take the photo. Pure
 * functions, so the rules are tested without a camera; the limits are the engine's own (CAPTURE_LIMITS).
 */
import type { FrameReading, Quad } from '../../../engine/browser';

export type CheckId = 'found' | 'inFrame' | 'size' | 'sharp' | 'glare' | 'light' | 'tilt';
/** `pending`: cannot be judged until the checks before it hold (no card, no sharpness). */
export type CheckState = 'met' | 'unmet' | 'pending';
export type Check = { id: CheckId; label: string; state: CheckState; hint: string };

/** The engine's limits the guide reads (engine/browser.ts CAPTURE_LIMITS has the real ones). */
export type CaptureLimits = {
  minPxPerMm: number;
  minShortSidePx: number;
  maxSaturatedPercent: number;
  minWhiteLevel: number;
  maxTiltDeg: number;
};

/**
 * The guide asks for a little more resolution than the engine's minimum: the frame's resolution is read
 * on a downscaled copy, and a card right at the limit would be refused for a hair's movement.
 */
export const SIZE_MARGIN = 1.15;

const LABELS: Record<CheckId, string> = {
  found: 'Card found',
  inFrame: 'Whole card in frame',
  size: 'Large enough',
  sharp: 'Sharp',
  glare: 'No glare on the card',
  light: 'Bright enough',
  tilt: 'Phone held flat',
};

const HINTS: Record<CheckId, string> = {
  found: 'Lay the card flat on a plain surface that contrasts with its border, inside the outline.',
  inFrame: 'Move back a little: leave some background visible on every side of the card.',
  size: 'Move closer: the card should fill the outline.',
  sharp: 'Hold the phone still, or tap the card to focus.',
  glare: 'Tilt the phone to lose the glare, or move away from direct light.',
  light: 'Turn on a light or move near a window (no flash).',
  tilt: 'Hold the phone flat, straight above the card.',
};
const SEVERAL_CARDS = 'Show one card at a time.';

export function evaluateChecks(r: FrameReading | null, still: { width: number; height: number }, limits: CaptureLimits): Check[] {
  const refusal = r?.refusal ?? null;
  const found = !!r?.corners && refusal !== 'no_card_found' && refusal !== 'several_cards';
  const inFrame = found && refusal !== 'card_cut_off';
  const traced = inFrame && r.capturePxPerMm !== null;
  const state = (judged: boolean, ok: boolean): CheckState => (!judged ? 'pending' : ok ? 'met' : 'unmet');
  const size =
    traced && r.capturePxPerMm! >= limits.minPxPerMm * SIZE_MARGIN && Math.min(still.width, still.height) >= limits.minShortSidePx;
  const sharp = traced && refusal !== 'too_blurry' && r.edgeWidthPx! <= r.maxEdgeWidthPx!;
  const glare = traced && refusal !== 'too_bright' && r.saturatedPercent! <= limits.maxSaturatedPercent;
  const light = traced && refusal !== 'too_dark' && r.whiteLevel! >= limits.minWhiteLevel;
  const tilt = traced && r.tiltDeg! <= limits.maxTiltDeg;
  const checks: [CheckId, CheckState][] = [
    ['found', found ? 'met' : 'unmet'],
    ['inFrame', state(found, inFrame)],
    ['size', state(traced, size)],
    ['sharp', state(traced, sharp)],
    ['glare', state(traced, glare)],
    ['light', state(traced, light)],
    ['tilt', state(traced, tilt)],
  ];
  return checks.map(([id, s]) => ({
    id,
    label: LABELS[id],
    state: s,
    hint: id === 'found' && refusal === 'several_cards' ? SEVERAL_CARDS : HINTS[id],
  }));
}

export const allMet = (checks: Check[]) => checks.every((c) => c.state === 'met');

/** The one thing to change next: the first check not met, in the order they depend on each other. */
export function nextHint(checks: Check[], steady: boolean): string {
  const first = checks.find((c) => c.state === 'unmet');
  if (first) return first.hint;
  return steady ? 'Taking the photo…' : 'Hold still…';
}

/** Corners moving less than this share of the frame's diagonal between readings count as steady. */
export const STEADY_SHARE = 0.01;
/** Every check holding and the card steady this long takes the photo. */
export const AUTO_CAPTURE_MS = 700;

/** Since when the card has lain steady in the frame (`since` null: not steady). */
export type Steadiness = { corners: Quad | null; at: number | null; since: number | null };
export const UNSTEADY: Steadiness = { corners: null, at: null, since: null };

/** Largest corner movement between two outlines, in pixels. */
const movement = (a: Quad, b: Quad) => Math.max(...a.map((p, i) => Math.hypot(p.x - b[i].x, p.y - b[i].y)));

/** The card moved (or left the frame) between two readings: a corner shifted STEADY_SHARE of the diagonal or more. */
export function cardMoved(previous: Quad | null, reading: FrameReading | null): boolean {
  const corners = reading?.corners ?? null;
  if (!corners || !previous) return true;
  return movement(previous, corners) >= STEADY_SHARE * Math.hypot(reading!.frame.width, reading!.frame.height);
}

/**
 * Steady and good: since when every reading has found the card with every check met (`good`) and each
 * corner within STEADY_SHARE of the diagonal of the previous reading's. Anything else starts over, so a
 * lone good frame in a blurred stretch never takes the photo.
 */
export function updateSteadiness(prev: Steadiness, reading: FrameReading | null, now: number, good: boolean): Steadiness {
  const corners = reading?.corners ?? null;
  if (!corners) return UNSTEADY;
  if (!good || cardMoved(prev.corners, reading)) return { corners, at: now, since: null };
  return { corners, at: now, since: prev.since ?? prev.at };
}

export const steadyMs = (s: Steadiness, now: number) => (s.since === null ? 0 : now - s.since);

/** Auto-capture: every check met and the card steady (with every check met) for AUTO_CAPTURE_MS. */
export const shouldAutoCapture = (checks: Check[], s: Steadiness, now: number, holdMs = AUTO_CAPTURE_MS) =>
  allMet(checks) && steadyMs(s, now) >= holdMs;

/**
 * A whole-frame reading at least this often (the others trace on from the previous outline, without
 * detection: engine/browser.ts ReadOptions.near): detection is what sees a second card come into view,
 * or the card no longer found as the grader would find it.
 */
export const WHOLE_FRAME_MS = 400;

/**
 * The guide between two readings: steadiness, whether auto-capture is armed (after the first face, only
 * once the card has moved: been turned over), how many frames it has read, the last reading and when the
 * last whole-frame reading came.
 */
export type GuideState = { steadiness: Steadiness; armed: boolean; readings: number; last: FrameReading | null; wholeAt: number | null };
export const startGuide = (armed: boolean): GuideState => ({ steadiness: UNSTEADY, armed, readings: 0, last: null, wholeAt: null });

/**
 * The outline the next reading may trace on from (ReadOptions.near), or null for a whole-frame reading:
 * only after a reading that traced the card, and never when the last whole-frame reading is WHOLE_FRAME_MS old.
 */
export function traceFrom(state: GuideState, now: number): Quad | null {
  const last = state.last;
  if (!last?.corners || last.capturePxPerMm === null || state.wholeAt === null || now - state.wholeAt >= WHOLE_FRAME_MS) return null;
  return last.corners;
}

/** One reading through the guide: the checks to show, the next state, and whether to take the photo now. */
export function guideStep(
  state: GuideState,
  reading: FrameReading,
  now: number,
  still: { width: number; height: number },
  limits: CaptureLimits,
): { state: GuideState; checks: Check[]; capture: boolean } {
  const checks = evaluateChecks(reading, still, limits);
  const armed = state.armed || (state.readings > 0 && cardMoved(state.steadiness.corners, reading));
  const steadiness = updateSteadiness(state.steadiness, reading, now, allMet(checks));
  const wholeAt = reading.tracked ? state.wholeAt : now;
  // A traced-on reading skipped detection: the hold must also hold on a whole-frame reading of its own.
  const wholeInHold = wholeAt !== null && steadiness.since !== null && wholeAt >= steadiness.since;
  return {
    state: { steadiness, armed, readings: state.readings + 1, last: reading, wholeAt },
    checks,
    capture: armed && wholeInHold && shouldAutoCapture(checks, steadiness, now),
  };
}
