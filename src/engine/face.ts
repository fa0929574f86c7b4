/** Everything measured on one face (front or back) of the card, with the photo checks that guard it. */
import { FACE_STEP_NAMES, faceStepName } from './face-steps';
import type { CardView } from './card-view';
import { measureCentering, type FaceCentering } from './centering';
import { CORNER_NAMES, measureCorner, type CornerMeasure } from './corners';
import { decodePhoto } from './decode';
import { detectByEdges, detectCard, type Detection, type Quad } from './detect';
import { EDGE_NAMES, measureEdge, type EdgeMeasure } from './edges';
import { prepareScan, type PreparedPhoto } from './scan';
import { traceCard } from './trace';
import { EngineRefusal } from './refusal';
import { detectHolder, type Holder } from './holder';
import { plausibleAspects } from './perspective';
import { MAX_CLIPPED_PERCENT, MIN_WHITE_LEVEL, type Exposure } from './exposure';
import { measureSurface, type SurfaceMeasure } from './surface';
import type { ReferenceImage } from './reference';

export { MAX_EDGE_RESIDUAL_PX, MIN_PX_PER_MM, maxEdgeResidualPx } from './trace';

export type { Face } from '@contract/grading-report';
import type { Face } from '@contract/grading-report';
export type StepLog = { name: string; description: string; startTime: Date; endTime: Date; results: Record<string, unknown> };
export type PhotoChecks = {
  scan: boolean;
  widthPx: number;
  heightPx: number;
  pxPerMm: number;
  edgeWidthPx: number;
  edgeContrast: number;
  /** The border nearly matched the background: the outline was traced from a faint edge. */
  faintOutline: boolean;
  /** The card lies in a clear holder (its rim shows just outside the card): measured through plastic. */
  holder: Exclude<Holder, 'slab'> | null;
  saturatedPercent: number;
  corners: Quad;
  edgeResidualPx: number[];
  exposure: Exposure;
};
export type FaceAnalysis = {
  face: Face;
  view: CardView;
  checks: PhotoChecks;
  centering: FaceCentering;
  corners: CornerMeasure[];
  edges: EdgeMeasure[];
  surface: SurfaceMeasure;
  steps: StepLog[];
};

/** Share of the card clipped to white above which a retake is advised (the surface under it is not measured). */
export const MAX_SATURATED_PERCENT = 1.5;
/** Blur limit: the 10–90% rise across the cut edge may spread over at most this many pixels. */
export const maxEdgeWidthPx = (pxPerMm: number) => Math.max(6, 0.4 * pxPerMm);
/** From this resolution and edge sharpness on, the photo no longer lowers grading confidence. */
export const GOOD_PX_PER_MM = 10;
export const GOOD_EDGE_WIDTH_MM = 0.15;

function timed<T>(
  record: (step: StepLog) => void,
  name: string,
  description: string,
  fn: () => T,
  results: (r: T) => Record<string, unknown>,
): T {
  const startTime = new Date();
  const r = fn();
  record({ name, description, startTime, endTime: new Date(), results: results(r) });
  return r;
}

/** Steps analyseFace runs, for progress reporting. */
export const FACE_STEPS = FACE_STEP_NAMES.length;

export async function analyseFace(
  face: Face,
  photo: Buffer,
  onStep?: (step: StepLog) => void,
  options: { reference?: ReferenceImage | null } = {},
): Promise<FaceAnalysis> {
  const steps: StepLog[] = [];
  // Each finished step is also reported as it happens (the grading job turns them into a progress bar).
  const record = (step: StepLog) => {
    steps.push(step);
    onStep?.(step);
  };
  const t0 = new Date();
  // A flatbed scan (card filling the frame) is surrounded by its own backdrop so its edges can be traced.
  const decoded = prepareScan(await decodePhoto(photo, face), face);
  record({
    name: faceStepName(face, 'decode'),
    description: 'Read the photo, apply its orientation, convert to sRGB and check the size caps.',
    startTime: t0,
    endTime: new Date(),
    results: { width: decoded.full.width - 2 * decoded.offsetPx, height: decoded.full.height - 2 * decoded.offsetPx, scan: decoded.scan },
  });
  const detection = timed(
    record,
    faceStepName(face, 'detect card'),
    'Separate the card from the background and fit a quadrilateral to its four sides.',
    () => detectCard(decoded.small, face),
    // The coarse outline in the photo's own pixels, so a wrong find can be seen before refinement.
    (d) => ({
      areaShare: Math.round(d.areaShare * 1000) / 10,
      outline: d.quad.map((p) => photoPoint(p.x / decoded.scale - decoded.offsetPx, p.y / decoded.scale - decoded.offsetPx)),
    }),
  );
  if (detection.touchesFrame) throw new EngineRefusal('card_cut_off', face);
  const { refined, view, exposure, faintOutline, holder } = timed(
    record,
    faceStepName(face, 'refine edges'),
    'Locate each cut edge to a fraction of a pixel along its length and intersect the four lines.',
    () => {
      const t = traceDetected(decoded, detection, face);
      // A sleeve's rim just outside the card: the card is measured, through plastic, and the report says
      // so. A slab's case and label: the card is sealed away from the light, and never graded.
      const holder = detectHolder(t.view, t.refined.corners);
      if (holder === 'slab') throw new EngineRefusal('card_in_slab', face);
      return { ...t, holder };
    },
    (t) => ({
      holder: t.holder,
      edgeWidthPx: Math.round(t.refined.edgeWidthPx * 100) / 100,
      residualPx: t.refined.residualPx.map((x) => Math.round(x * 100) / 100),
      faintOutline: t.faintOutline,
      outline: t.refined.corners.map((p) => photoPoint(p.x - decoded.offsetPx, p.y - decoded.offsetPx)),
    }),
  );
  const { width, height } = decoded.full;
  if (refined.edgeWidthPx > maxEdgeWidthPx(view.pxPerMm))
    throw new EngineRefusal('too_blurry', face, `edges spread over ${refined.edgeWidthPx.toFixed(1)} px`);
  if (exposure.saturatedPercent > MAX_CLIPPED_PERCENT)
    throw new EngineRefusal('too_bright', face, `${exposure.saturatedPercent.toFixed(0)}% of the card is clipped to white`);
  if (exposure.whiteLevel < MIN_WHITE_LEVEL)
    throw new EngineRefusal(
      'too_dark',
      face,
      `the card's whitest print reaches ${Math.round((100 * exposure.whiteLevel) / 255)}% brightness`,
    );
  // Glare no longer refuses a card whose outline was traced: centering, corners and edges are graded
  // and the surface under the glare is marked as not measured (the report says so and offers a retake tip).
  const saturated = exposure.saturatedPercent;
  // Reported in the photo's own pixels: a scan's backdrop band is analysis scaffolding, not part of the photo.
  const pad = decoded.offsetPx;
  const photoCorners = refined.corners.map((p) => ({ x: p.x - pad, y: p.y - pad })) as Quad;
  const checks: PhotoChecks = {
    scan: decoded.scan,
    widthPx: width - 2 * pad,
    heightPx: height - 2 * pad,
    pxPerMm: view.pxPerMm,
    edgeWidthPx: refined.edgeWidthPx,
    edgeContrast: refined.contrast,
    faintOutline,
    holder,
    saturatedPercent: saturated,
    corners: photoCorners,
    edgeResidualPx: refined.residualPx,
    exposure,
  };

  const centering = timed(
    record,
    faceStepName(face, 'centering'),
    'Measure the border from the cut edge to the print frame at 60 points per side, in millimetres.',
    () => measureCentering(view),
    (c) => (c.measurable ? { horizontal: round1(c.horizontal), vertical: round1(c.vertical) } : { measurable: false }),
  );
  const corners = timed(
    record,
    faceStepName(face, 'corners'),
    'Score each corner for whitening along the rounded cut and for rounding beyond the standard radius.',
    () => CORNER_NAMES.map((c) => measureCorner(view, c)),
    (cs) => Object.fromEntries(cs.map((c) => [c.corner, c.score])),
  );
  const edges = timed(
    record,
    faceStepName(face, 'edges'),
    'Measure whitening wear in a 0.2–0.75 mm band along each edge and find chips.',
    () => EDGE_NAMES.map((e) => measureEdge(view, e)),
    (es) => Object.fromEntries(es.map((e) => [e.edge, e.wearPercent])),
  );
  const surface = timed(
    record,
    faceStepName(face, 'surface'),
    options.reference
      ? 'Straighten the card, align its print to the catalogue image and keep as damage only the thin lines (scratches, print lines) the image does not show.'
      : 'Straighten the card and look for thin, light, colourless lines across the art (scratches) and long straight lines (print lines).',
    () => measureSurface(view, { reference: options.reference }),
    (m) => ({ issues: m.issues.length, ...m.basis }),
  );
  return { face, view, checks, centering, corners, edges, surface, steps };
}

/**
 * Traces the card from the detector's quad, and checks it against other proposals when that trace is
 * not clean all round: on a real photo the colour mask can hold a shadow, miss a dark border or follow
 * a sleeve's rim, leaving the quad a few per cent off, and the refiner then follows a straight line
 * near it that is not the cut edge along part of a side. The other proposal is the outline of strong
 * edges. Of the traces, the one whose weakest side is most of one straight edge wins; the first
 * refusal stands when none traces. A trace without a card's proportions under any real camera is not
 * the card (a slab's case is named as such).
 */
function traceDetected(decoded: PreparedPhoto, detection: Detection, face: Face): ReturnType<typeof traceCard> {
  const proposals: (() => Quad | null | undefined)[] = [() => detection.quad, () => detectByEdges(decoded.small, face)?.quad];
  const tried: Quad[] = [];
  const traced: ReturnType<typeof traceCard>[] = [];
  let refusal: unknown = null;
  for (const propose of proposals) {
    let quad: Quad | null | undefined;
    try {
      quad = propose();
    } catch (err) {
      // Another card found by a later pass is a finding of its own; anything else leaves what we have.
      if (err instanceof EngineRefusal && err.code === 'several_cards') throw err;
      continue;
    }
    if (!quad || tried.some((t) => t.every((p, i) => Math.hypot(p.x - quad[i].x, p.y - quad[i].y) < 1))) continue;
    tried.push(quad);
    try {
      const t = traceCard(decoded, quad, face);
      const aspect = plausibleAspects(t.refined.corners, decoded.full.width, decoded.full.height);
      const shape = `the outline found is ${aspect.min.toFixed(2)}–${aspect.max.toFixed(2)} wide for 1 tall`;
      if (aspect.max < CARD_ASPECT[0] || aspect.min > CARD_ASPECT[1]) {
        // A grading slab's case, traced whole, is never graded as if it were the card.
        if (aspect.min >= SLAB_ASPECT[0]) refusal = new EngineRefusal('card_in_slab', face, `${shape}, a slab's proportions`);
        else refusal ??= new EngineRefusal('no_card_found', face, `${shape}, not a card's proportions`);
        continue;
      }
      if (Math.min(...t.refined.support) >= CLEAN_SIDE_SUPPORT) return t;
      traced.push(t);
    } catch (err) {
      if (!(err instanceof EngineRefusal) || err.code !== 'no_card_found') {
        if (tried.length === 1) throw err;
        continue;
      }
      refusal ??= err;
    }
  }
  // None clean all round: the one whose weakest side is most of one straight edge.
  const best = traced.sort((a, b) => Math.min(...b.refined.support) - Math.min(...a.refined.support))[0];
  if (best) return best;
  throw refusal;
}

/**
 * Width over height of the traced rectangle, perspective removed (perspective.ts), that a card may
 * have: 63 × 88 mm trading cards are 0.716 and 59 × 86 mm ones (Yu-Gi-Oh) 0.686; real photos of
 * both measure within about 4 % of their own. Wider than that, down to 0.63, is still some card (the
 * front/back check names a back of other proportions). PSA, BGS and CGC slabs are 0.60–0.62 outside.
 */
const CARD_ASPECT = [0.63, 0.8] as const;
const SLAB_ASPECT = [0.55, 0.63] as const;

/** A side whose edge points lie on one line this fully was traced along the cut edge from end to end. */
const CLEAN_SIDE_SUPPORT = 0.9;

const round1 = (v: number) => Math.round(v * 10) / 10;
const photoPoint = (x: number, y: number) => ({ x: round1(x), y: round1(y) });
