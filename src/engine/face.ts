/** Everything measured on one face (front or back) of the card, with the photo checks that guard it. */
import { FACE_STEP_NAMES, faceStepName } from './face-steps';
import type { CardView } from './card-view';
import { measureCentering, type FaceCentering } from './centering';
import { CORNER_NAMES, measureCorner, type CornerMeasure } from './corners';
import { decodePhoto } from './decode';
import { detectCard, type Quad } from './detect';
import { EDGE_NAMES, measureEdge, type EdgeMeasure } from './edges';
import { outlineFitsCrop, prepareScan, scanCropCutsCard, type PreparedPhoto } from './scan';
import type { DecodedPhoto } from './decoded-photo';
import { checkPhotoQuality, detectOrRefusal, notCardProportions, traceLocatedOrNeighbours } from './locate';
import { refuseSeveralCardsInSmallPhoto } from './small-photo';
import { refuseTwoCardsAsOne } from './two-cards';
export { maxEdgeWidthPx, MAX_SATURATED_PERCENT } from './locate';
import { EngineRefusal } from './refusal';
import { SleeveOutlineOnly, traceCard, traceInsideSleeve, traceOuterOutline } from './trace';
import { withoutCanvas } from './canvas-padding';
import { detectHolder, type Holder } from './holder';
import { borderEdgeOnGrain } from './border-on-grain';
import { frameBesideUnroundedSide } from './cut-side';
import { sleeveMarginOutside, squareCorneredSleeve } from './sleeve-band';
import { runsOffDetail, scalePoints } from './geometry';
import { refuseAnotherCardInView } from './other-cards';
import { tracedTurnedInFrame } from './frame-turn';
import { MIN_WHITE_LEVEL, photoBrightestLevel, type Exposure } from './exposure';
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
  /** A scan or render cropped to the card, its corners filled with the border's colour: the frame was taken as its outline (scan.ts). */
  frameIsEdge: boolean;
  /** The card lies in a clear holder (its rim shows just outside the card): measured through plastic. */
  holder: Exclude<Holder, 'slab'> | null;
  saturatedPercent: number;
  /** The card's outline in the photo's own pixels (as uploaded, upright). */
  corners: Quad;
  /**
   * Where the analysed image's top-left pixel (view.img) lies in the photo's own pixels: a scan's backdrop
   * band added round it lies before the photo (negative), a listing's canvas cut off leaves the photo at its place on it.
   */
  origin: { x: number; y: number };
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
  // A listing photo set on a canvas of flat bands is analysed without them (canvas-padding.ts).
  const decodedPhoto = withoutCanvas(await decodeOrSayWhy(photo, face));
  const prepared = prepareScan(decodedPhoto, face);
  record({
    name: faceStepName(face, 'decode'),
    description: 'Read the photo, apply its orientation, convert to sRGB and check the size caps.',
    startTime: t0,
    endTime: new Date(),
    results: {
      width: decodedPhoto.canvas?.width ?? decodedPhoto.full.width,
      height: decodedPhoto.canvas?.height ?? decodedPhoto.full.height,
      scan: prepared.scan,
      ...(decodedPhoto.canvas && { photoOnCanvas: { left: decodedPhoto.canvas.left, top: decodedPhoto.canvas.top } }),
    },
  });
  const { decoded, refined, view, exposure, faintOutline, holder } = darkWhenNothingFound(
    () => locateCard(decodedPhoto, prepared, face, record),
    decodedPhoto,
    face,
  );
  const { width, height } = decoded.full;
  try {
    checkPhotoQuality({ refined, view, exposure, faintOutline }, face);
  } catch (err) {
    // Seen through a sleeve, the cut edge is softened by its film too: taking the card out is the other mend.
    if (err instanceof EngineRefusal && err.code === 'too_blurry' && holder)
      throw new EngineRefusal('too_blurry', face, `${err.detail}, seen through a ${holder}: try it out of the ${holder} too`);
    throw err;
  }
  // Glare no longer refuses a card whose outline was traced: centering, corners and edges are graded
  // and the surface under the glare is marked as not measured (the report says so and offers a retake tip).
  const saturated = exposure.saturatedPercent;
  // Reported in the photo's own pixels: a scan's backdrop band is analysis scaffolding, not part of the photo.
  const pad = decoded.offsetPx;
  const photoCorners = refined.corners.map((p) => inUploadedPixels(decoded, p.x, p.y)) as Quad;
  const checks: PhotoChecks = {
    scan: decoded.scan,
    widthPx: decoded.canvas?.width ?? width - 2 * pad,
    heightPx: decoded.canvas?.height ?? height - 2 * pad,
    pxPerMm: view.pxPerMm,
    edgeWidthPx: refined.edgeWidthPx,
    edgeContrast: refined.contrast,
    faintOutline,
    frameIsEdge: !!decoded.frameIsEdge,
    holder,
    saturatedPercent: saturated,
    corners: photoCorners,
    origin: inUploadedPixels(decoded, 0, 0),
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

/** Refusals after which a frame of the card's proportions (scan.ts) is tried as the card's outline. */
const FRAME_AS_EDGE_RETRY = new Set([
  'no_card_found',
  'several_cards',
  'card_cut_off',
  'card_in_sleeve',
  'card_in_slab',
  'image_too_small',
]);

/**
 * `locate`, with its no_card_found refusal given as too_dark when the whole photo is darker than a
 * card's white may be (photoBrightestLevel): a dim room, not the table, is what to change.
 */
function darkWhenNothingFound<T>(locate: () => T, photo: DecodedPhoto, face: Face): T {
  try {
    return locate();
  } catch (err) {
    if (!(err instanceof EngineRefusal) || err.code !== 'no_card_found') throw err;
    const brightest = photoBrightestLevel(photo.small);
    if (brightest >= MIN_WHITE_LEVEL) throw err;
    throw new EngineRefusal('too_dark', face, `the photo's brightest parts reach ${Math.round((100 * brightest) / 255)}% brightness`);
  }
}

/**
 * The card found and traced. A scan or render cropped to the card whose corners are filled with its
 * border's colour shows no cut edge at all (scan.ts): when nothing, or only the print inside the
 * border, was traced, the frame is traced as its outline. The steps of a try that was not kept are not
 * reported; when the frame cannot be traced either, the first refusal or trace stands.
 */
function locateCard(photo: DecodedPhoto, decoded: PreparedPhoto, face: Face, record: (step: StepLog) => void) {
  const held: StepLog[] = [];
  const flush = () => held.splice(0).forEach(record);
  const frameTraced = () => {
    const framed = prepareScan(photo, face, { frameAsEdge: true });
    return { decoded: framed, ...traceOutline(framed, face, (step) => held.push(step)) };
  };
  let found;
  try {
    found = { decoded, ...traceOutline(decoded, face, (step) => held.push(step)) };
  } catch (err) {
    if (!(err instanceof EngineRefusal) || !decoded.frameMayBeEdge || !FRAME_AS_EDGE_RETRY.has(err.code)) throw err;
    held.length = 0;
    try {
      found = frameTraced();
    } catch (retry) {
      if (retry instanceof EngineRefusal) throw err;
      throw retry;
    }
  }
  // Traced where no card filling a frame of its own proportions can lie (the print frame inside its
  // border), or as a card in a sleeve (whose edge, 91 mm long, would make other proportions): the frame,
  // when it traces as the card. Not when the trace lies turned in the frame: that is a card lying askew
  // on a lid, whose edges the frame is not (a crop to the card, and its print, lie square to it).
  const misplaced =
    (found.holder !== null || !outlineFitsCrop(decoded, found.refined.corners, found.view.pxPerMm)) &&
    !tracedTurnedInFrame(found.refined.corners);
  if (!found.decoded.frameIsEdge && decoded.frameMayBeEdge && misplaced) {
    const kept = held.splice(0);
    try {
      found = frameTraced();
    } catch (retry) {
      if (!(retry instanceof EngineRefusal)) throw retry;
      held.splice(0, held.length, ...kept);
    }
  }
  flush();
  return found;
}

/** Detects the card and traces its cut edges, with the checks on what was traced (holders, neighbours). */
function traceOutline(decoded: PreparedPhoto, face: Face, record: (step: StepLog) => void) {
  const { detection, located } = detectOrRefusal(
    () =>
      timed(
        record,
        faceStepName(face, 'detect card'),
        'Separate the card from the background and fit a quadrilateral to its four sides.',
        () => detectCard(decoded.small, face),
        // The coarse outline in the photo's own pixels, so a wrong find can be seen before refinement.
        (d) => ({
          areaShare: Math.round(d.areaShare * 1000) / 10,
          outline: d.quad.map((p) => roundPoint(inUploadedPixels(decoded, p.x / decoded.scale, p.y / decoded.scale))),
        }),
      ),
    face,
  );
  return timed(
    record,
    faceStepName(face, 'refine edges'),
    'Locate each cut edge to a fraction of a pixel along its length and intersect the four lines.',
    () => {
      let t = sleeveWhenOnlyItsOutline(() => traceLocatedOrNeighbours(decoded, detection, located, face));
      // A dark border on a grained table, taken for table: the trace followed the print inside it. (Its
      // corners are not asked to be round: on a carpet the corner reader sees the grain's patches.) When
      // that edge cannot be traced the refusal stands: the print inside the border is never graded.
      const borderEdge = borderEdgeOnGrain(decoded.small, scalePoints(t.refined.corners, decoded.scale));
      if (borderEdge) {
        const outer = traceOuterOutline(decoded, borderEdge, t.refined, face, { grain: true });
        if (!notCardProportions(decoded, outer, face)) t = outer;
      }
      // Two cards side by side traced as one card turned a quarter: their halves would pass for a card in
      // a holder (the one beside it taken for a slab's label), so this is asked first.
      refuseTwoCardsAsOne(t.view, face);
      // The frame traced as the outline of a card cropped to it (scan.ts): the border band inside it, with
      // no edge beyond, would read as a sleeve's margin or square corners.
      if (decoded.frameIsEdge) return { ...t, holder: null };
      // A sleeve's rim just outside the card: the card is measured, through plastic, and the report says
      // so. A slab's case and label: the card is sealed away from the light, and never graded.
      let surround = detectHolder(t.view, t.refined.corners);
      // The card's own cut edge outside the trace (which followed the frame printed inside its border):
      // traced again from there, once.
      if (surround.cardEdge && !surround.runsOff.length) {
        t = traceCard(decoded, scalePoints(surround.cardEdge, decoded.scale), face);
        surround = detectHolder(t.view, t.refined.corners);
        if (surround.cardEdge && !surround.runsOff.length)
          throw new EngineRefusal('no_card_found', face, "the card's cut edge could not be told from the print inside it");
      }
      const { holder, runsOff } = surround;
      if (holder === 'slab') throw new EngineRefusal('card_in_slab', face);
      if (runsOff.length) throw new EngineRefusal('card_cut_off', face, runsOffDetail(runsOff));
      const croppedAt = scanCropCutsCard(decoded, t.refined.corners, t.view.pxPerMm);
      if (croppedAt)
        throw new EngineRefusal(
          'card_cut_off',
          face,
          `the card meets the scan's ${croppedAt} edge with backdrop beyond its opposite side: the crop cuts it there`,
        );
      // One card per photo, as the detector asks of whole cards: a neighbour cut by the frame counts too.
      refuseAnotherCardInView(decoded, t.refined.corners, face);
      if (holder) return { ...t, holder };
      // A coloured sleeve: traced at its own sealed edge, the card is measured inside its shaded margin;
      // traced at the card, the margin lies round it.
      const inSleeve = traceInsideSleeve(decoded, t, face);
      if (inSleeve) return { ...inSleeve, holder: 'sleeve' as const };
      if (sleeveMarginOutside(t.view, t.refined.edgeWidthPx)) return { ...t, holder: 'sleeve' as const };
      // Square corners on a plain table: the outline is a sleeve's (a black-backed one merges with a dark
      // border, so no margin shows), never graded as the card; or, when the two are the ends of a side
      // with the frame close beyond it, a card the frame cuts there. On a grained table the corner reader
      // sees the grain's patches, so there its corners say nothing.
      if (squareCorneredSleeve(t.squareCorners, t.refined.corners, decoded.small, decoded.scale)) {
        const cut = frameBesideUnroundedSide(t.view, t.roundAt);
        if (cut) throw new EngineRefusal('card_cut_off', face, runsOffDetail([cut.edge]));
        throw new EngineRefusal(
          'card_in_sleeve',
          face,
          `${t.squareCorners} corners of the outline are square, as a sleeve's are; a card's are rounded`,
        );
      }
      return { ...t, holder: null };
    },
    (t) => ({
      holder: t.holder,
      edgeWidthPx: Math.round(t.refined.edgeWidthPx * 100) / 100,
      residualPx: t.refined.residualPx.map((x) => Math.round(x * 100) / 100),
      faintOutline: t.faintOutline,
      outline: t.refined.corners.map((p) => roundPoint(inUploadedPixels(decoded, p.x, p.y))),
    }),
  );
}

/** `trace()`, refused `card_in_sleeve` when nothing but a sleeve's outline was found (trace.ts SleeveOutlineOnly). */
function sleeveWhenOnlyItsOutline<T>(trace: () => T): T {
  try {
    return trace();
  } catch (err) {
    throw err instanceof SleeveOutlineOnly ? err.asSleeve() : err;
  }
}

const round1 = (v: number) => Math.round(v * 10) / 10;
const roundPoint = (p: { x: number; y: number }) => ({ x: round1(p.x), y: round1(p.y) });

/**
 * A point of the analysed image (full size) in the pixels of the image as uploaded: a scan's backdrop
 * band is analysis scaffolding, and a listing photo's canvas was cut off before analysis.
 */
function inUploadedPixels(decoded: PreparedPhoto, x: number, y: number) {
  return { x: x - decoded.offsetPx + (decoded.canvas?.left ?? 0), y: y - decoded.offsetPx + (decoded.canvas?.top ?? 0) };
}

/** The photo decoded; one too small to grade is refused, as showing several cards when it does (small-photo.ts). */
async function decodeOrSayWhy(photo: Buffer, face: Face) {
  try {
    return await decodePhoto(photo, face);
  } catch (err) {
    if (err instanceof EngineRefusal && err.code === 'image_too_small') await refuseSeveralCardsInSmallPhoto(photo, face);
    throw err;
  }
}
