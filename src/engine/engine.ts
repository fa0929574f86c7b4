/**
 * gradeCard: front and back photos in, a GradingReport out (or an EngineRefusal). Pure library:
 * no HTTP, no database. Front and back are analysed side by side (their decoding overlaps).
 */
import { checkFaceConsistency } from './consistency';
import { decodePhoto } from './decode';
import type { FaceAnalyser } from './face-thread';
import { FACE_STEPS, GOOD_EDGE_WIDTH_MM, GOOD_PX_PER_MM, analyseFace, type FaceAnalysis } from './face';
import { GRADE_TABLES_VERSION, PSA_LABELS } from './grade-tables';
import { FULL_WHITE_LEVEL } from './exposure';
import { bgsGrade, cgcGrade, gradeSummary, psaGrade, subGrades, valuesAndRecommendation, worstShare, type CenteringShares } from './grades';
import type { FaceCenteringLog, GradingReport, ReportSurfaceIssue } from './report';
import { CORNER_SLOTS, cornerSlotLabel, type TCornerSlot } from '@contract/corner-slots';
import type { TValueSource } from '@contract/pricing';
import { GRADING_REPORT_VERSION } from './face-steps';
import { MATCH_THRESHOLD, decodeReference } from './reference';
import { severityOfScore } from './severity';

// 2.1.0: the card's outline is in the report (photoChecks.cardOutline) and drawn on {face}Outline.
// 2.0.0: surface findings rest on the catalogue image when there is one, and on a stricter detector otherwise.

export const ENGINE_VERSION = '2.1.0';
/** The eight corner close-ups, named as the contract's upload slots. */
export const CLOSE_UP_NAMES = CORNER_SLOTS;
export type CloseUpName = TCornerSlot;

export type GradeInput = {
  front: Buffer;
  back: Buffer;
  closeUps?: Partial<Record<CloseUpName, Buffer>>;
  details?: Buffer[];
  /** Ungraded market value (USD) the graded values are estimated from. */
  rawValueUsd?: number;
  /** What that value rests on; without one it counts as given by the caller. */
  valueSource?: TValueSource;
  /**
   * The catalogue's image of the card's front (its official scan), when the card was picked from the
   * catalogue: surface damage is then only what this image does not show. Unreadable images are ignored.
   */
  reference?: Buffer;
  /** Called after each analysis step with the step's name and the share of the work done (0..1). */
  onProgress?: (stepName: string, done: number) => void;
  /** Where each face is analysed (face-thread.ts can send one to a worker thread); this thread by default. */
  analyse?: FaceAnalyser;
};
export type GradeResult = { report: GradingReport; faces: { front: FaceAnalysis; back: FaceAnalysis } };

export const DEFAULT_RAW_VALUE_USD = 20;
const r2 = (v: number) => Math.round(v * 100) / 100;
const ratio = (share: number) => `${Math.round(share)}/${100 - Math.round(share)}`;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
/** Corners to a tenth of a pixel: finer than the edge fit, short enough to read. */
const roundQuad = (q: { x: number; y: number }[]) => q.map((p) => ({ x: Math.round(p.x * 10) / 10, y: Math.round(p.y * 10) / 10 }));

function centeringLog(a: FaceAnalysis): FaceCenteringLog {
  const c = a.centering;
  if (!c.measurable) return { measurable: false, reason: c.reason };
  return {
    measurable: true,
    horizontal: r2(c.horizontal),
    vertical: r2(c.vertical),
    horizontalRatio: ratio(c.horizontal),
    verticalRatio: ratio(c.vertical),
    uncertainty: { horizontal: r2(c.horizontalUncertainty), vertical: r2(c.verticalUncertainty) },
    bordersMm: {
      left: r2(c.sides.left.widthMm),
      right: r2(c.sides.right.widthMm),
      top: r2(c.sides.top.widthMm),
      bottom: r2(c.sides.bottom.widthMm),
    },
    spreadMm: {
      left: r2(c.sides.left.spreadMm),
      right: r2(c.sides.right.spreadMm),
      top: r2(c.sides.top.spreadMm),
      bottom: r2(c.sides.bottom.spreadMm),
    },
  };
}

/** Photo quality factor 0..1: soft edges and low resolution lower what fine measurements can claim. */
function photoQuality(a: FaceAnalysis): number {
  const blurMm = a.checks.edgeWidthPx / a.checks.pxPerMm;
  // A dim photo is measured on a rescaled range: its noise and JPEG steps grow by the same factor.
  const dim = Math.max(0, 0.8 - a.checks.exposure.gain) * 0.6;
  // An outline traced from a border that nearly matches the table is found less surely.
  const faint = a.checks.faintOutline || a.checks.frameIsEdge ? 0.1 : 0;
  // Through a sleeve's plastic, reflections and the plastic's own scuffs lie over the card.
  const holder = a.checks.holder ? 0.1 : 0;
  return clamp(
    1 - Math.max(0, blurMm - GOOD_EDGE_WIDTH_MM) * 1.2 - Math.max(0, GOOD_PX_PER_MM - a.checks.pxPerMm) * 0.03 - dim - faint - holder,
    0.4,
    1,
  );
}

export async function gradeCard(input: GradeInput): Promise<GradeResult> {
  // Close-ups and detail images must at least be readable photos within the caps.
  for (const [name, buf] of Object.entries(input.closeUps ?? {}))
    if (buf) await decodePhoto(buf, name.startsWith('front') ? 'front' : 'back');
  let done = 0;
  const progress = (step: { name: string }) => input.onProgress?.(step.name, ++done / (2 * FACE_STEPS));
  const reference = input.reference ? await decodeReference(input.reference) : null;
  // Both faces at once: decoding runs on sharp's own threads while the other face is measured (the
  // command line measures the back on a worker thread). The front alone is compared with the catalogue
  // image. The front's refusal is reported first, whichever face failed first in time.
  const analyse = input.analyse ?? analyseFace;
  const settled = await Promise.allSettled([
    analyseFace('front', input.front, progress, { reference }),
    analyse('back', input.back, progress),
  ]);
  for (const s of settled) if (s.status === 'rejected') throw s.reason;
  const [front, back] = settled.map((s) => (s as PromiseFulfilledResult<FaceAnalysis>).value) as [FaceAnalysis, FaceAnalysis];
  const faces = [front, back];
  // One card: the back must have the front's outline (refuses faces_mismatch, or warns when tilt may explain it).
  const outline = (f: FaceAnalysis) => ({
    corners: f.checks.corners,
    scan: f.checks.scan,
    width: f.checks.widthPx,
    height: f.checks.heightPx,
  });
  const consistency = checkFaceConsistency(outline(front), outline(back));

  const shares: CenteringShares = {
    front: front.centering.measurable ? { h: front.centering.horizontal, v: front.centering.vertical } : null,
    back: back.centering.measurable ? { h: back.centering.horizontal, v: back.centering.vertical } : null,
  };
  const cornerScores = faces.flatMap((f) => f.corners.map((c) => c.score));
  const edgeScores = faces.flatMap((f) => f.edges.map((e) => e.score));
  const sub = subGrades({ centering: shares, cornerScores, edgeScores, surfaceScores: faces.map((f) => f.surface.score) });
  // A border that is there but could not be followed is not a borderless card: its centering is
  // unknown, and an unknown never counts as perfect (it was once "does not limit", so dim photos graded higher).
  const centeringUnknown = faces.filter((f) => !f.centering.measurable && !f.centering.borderless);
  if (centeringUnknown.length) sub.centering = Math.min(sub.centering, 9);
  const measuredPsa = psaGrade(sub, shares);
  const psa = centeringUnknown.length && measuredPsa.grade > 9 ? { grade: 9, label: PSA_LABELS[9], centeringCap: 9 } : measuredPsa;
  const bgs = bgsGrade(sub);
  const cgc = cgcGrade(sub, shares);
  const rawValueUsd = input.rawValueUsd ?? DEFAULT_RAW_VALUE_USD;
  const money = valuesAndRecommendation(rawValueUsd, {
    psa: psa.grade,
    bgs: bgs.grade,
    cgc: cgc.grade,
    bgsBlackLabel: bgs.blackLabel,
    cgcPristine: cgc.pristine,
  });

  // Confidence per category from uncertainty and photo quality, then weighted overall.
  const quality = Math.min(...faces.map(photoQuality));
  const centeringU = faces.map((f) =>
    f.centering.measurable ? Math.max(f.centering.horizontalUncertainty, f.centering.verticalUncertainty) : f.centering.borderless ? 3 : 5,
  );
  const centeringConf = clamp(0.99 - 0.1 * Math.max(...centeringU), 0.5, 0.99);
  const whiteningMeasurable = faces.every((f) => f.corners.every((c) => c.whiteningMeasurable));
  const closeUpBonus = Object.keys(input.closeUps ?? {}).length === 8 ? 0.03 : 0;
  const cornersConf = clamp((whiteningMeasurable ? 0.9 : 0.72) * quality + closeUpBonus, 0.4, 0.97);
  const edgesConf = clamp((faces.every((f) => f.edges.every((e) => e.measurable)) ? 0.9 : 0.72) * quality, 0.4, 0.97);
  // The surface under glare was not measured: confidence falls with the share of the face it covers.
  const glareShare = Math.max(...faces.map((f) => f.surface.glarePercent)) / 100;
  // Without a catalogue image to compare with (or when the photo does not match it), artwork and damage
  // are told apart by the stricter detector alone: less sure.
  const basis = front.surface.basis;
  const compared = basis.referenceGiven && basis.matched === true;
  const surfaceConf = clamp(0.85 * quality - 1.5 * glareShare - (glareShare > 0 ? 0.05 : 0) - (compared ? 0 : 0.1), 0.4, 0.95);
  const confidence =
    Math.round(100 * (0.3 * centeringConf + 0.25 * cornersConf + 0.2 * edgesConf + 0.25 * surfaceConf)) - consistency.confidencePenalty;

  const cornerDetails = Object.fromEntries(
    faces.flatMap((f) =>
      f.corners.map((c) => [
        `${f.face}${c.corner}`,
        {
          score: c.score,
          condition: c.condition,
          issues: c.issues,
          whitenedPercent: c.whitenedPercent,
          roundingExcessMm: c.roundingExcessMm,
        },
      ]),
    ),
  );
  const perfectCorners = cornerScores.filter((s) => s >= 9.5).length;
  const averageCorner = cornerScores.reduce((s, v) => s + v, 0) / cornerScores.length;
  const worstCorner = Object.entries(cornerDetails).sort((a, b) => a[1].score - b[1].score)[0];
  const wear = (f: FaceAnalysis) => f.edges.reduce((s, e) => s + e.wearPercent, 0) / f.edges.length;
  const edgeDetails = Object.fromEntries(
    faces.flatMap((f) => f.edges.map((e) => [`${f.face}${e.edge}`, { score: e.score, wearPercent: e.wearPercent, chips: e.chips }])),
  );
  const chips = Object.values(edgeDetails).reduce((s, e) => s + e.chips.length, 0);
  const issues = (f: FaceAnalysis): ReportSurfaceIssue[] => f.surface.issues.map((i) => ({ ...i, face: f.face }));
  const allIssues = [...issues(front), ...issues(back)];
  const count = (sev: string) => allIssues.filter((i) => i.severity === sev).length;
  const frontLog = centeringLog(front),
    backLog = centeringLog(back);
  const centeringSummary = [frontLog, backLog]
    .map(
      (l, i) =>
        `${i ? 'Back' : 'Front'} ${l.measurable ? `${l.horizontalRatio} L/R, ${l.verticalRatio} T/B (±${Math.max(l.uncertainty.horizontal, l.uncertainty.vertical).toFixed(1)})` : 'not measurable'}`,
    )
    .join('; ');

  let stepNumber = 0;
  const report: GradingReport = {
    schemaVersion: GRADING_REPORT_VERSION,
    engineVersion: ENGINE_VERSION,
    gradeTablesVersion: GRADE_TABLES_VERSION,
    ...gradeSummary({ sub, psa, bgs, cgc, money, rawValueUsd, valueSource: input.valueSource ?? { kind: 'given' } }),
    confidence,
    centeringDecisionLog: {
      horizontalRatio: frontLog.measurable ? frontLog.horizontalRatio : null,
      verticalRatio: frontLog.measurable ? frontLog.verticalRatio : null,
      score: sub.centering,
      confidence: Math.round(centeringConf * 100),
      summary: centeringSummary,
      reasoning: shares.front
        ? `Worst front axis ${worstShare(shares.front).toFixed(1)}/${(100 - worstShare(shares.front)).toFixed(1)}${shares.back ? `, worst back axis ${worstShare(shares.back).toFixed(1)}/${(100 - worstShare(shares.back)).toFixed(1)}` : ''}; the centering sub-grade is the highest whose limits both faces meet (PSA caps this card at ${psa.centeringCap}).`
        : 'The front has no measurable border, so centering does not limit the grade.',
      front: frontLog,
      back: backLog,
      details: faces.map(
        (f) =>
          `${f.face}: ${f.centering.measurable ? `borders L ${f.centering.sides.left.widthMm.toFixed(2)} mm, R ${f.centering.sides.right.widthMm.toFixed(2)} mm, T ${f.centering.sides.top.widthMm.toFixed(2)} mm, B ${f.centering.sides.bottom.widthMm.toFixed(2)} mm` : f.centering.reason}`,
      ),
    },
    cornersDecisionLog: {
      averageScore: r2(averageCorner),
      perfectCorners,
      score: sub.corners,
      confidence: Math.round(cornersConf * 100),
      summary: `${perfectCorners} of 8 corners sharp; weakest ${cornerSlotLabel(worstCorner[0])} (${worstCorner[1].score}, ${worstCorner[1].condition.toLowerCase()}).`,
      reasoning: `Corner sub-grade blends the average (${averageCorner.toFixed(2)}) with the weakest corner, because one worn corner shows on a slab.${whiteningMeasurable ? '' : ' Whitening cannot be judged on a white or silver border, so those corners are scored on shape only.'}`,
      details: cornerDetails,
    },
    edgesDecisionLog: {
      frontEdgeWear: r2(wear(front)),
      backEdgeWear: r2(wear(back)),
      averageWear: r2((wear(front) + wear(back)) / 2),
      score: sub.edges,
      confidence: Math.round(edgesConf * 100),
      summary: `${chips} chip${chips === 1 ? '' : 's'}; whitening wear ${wear(front).toFixed(2)}% front, ${wear(back).toFixed(2)}% back.`,
      reasoning:
        'Wear is the whitened share of a 0.2–0.75 mm band inside each cut edge; chips are short runs where at least 15% of the band is whitened.',
      details: edgeDetails,
    },
    surfaceDecisionLog: {
      totalIssues: allIssues.length,
      majorIssues: count('major'),
      moderateIssues: count('moderate'),
      minorIssues: count('minor'),
      frontIssues: issues(front),
      backIssues: issues(back),
      score: sub.surface,
      confidence: Math.round(surfaceConf * 100),
      summary: allIssues.length
        ? allIssues.map((i) => `${i.severity} ${i.type} on the ${i.face} (${i.lengthMm} mm)`).join('; ')
        : 'No scratches or print lines found.',
      reasoning: compared
        ? `The front was aligned with the catalogue image of the card (match ${basis.matchScore!.toFixed(2)}, print shifted ${basis.printShiftMm!.x} mm, ${basis.printShiftMm!.y} mm) and its brightness fitted to it; only thin lines the image does not show count as scratches or print lines. The back is judged by the stricter detector. Dents need raking light and are not assessed from flat photos.`
        : "No catalogue image was compared, so the stricter detector decides: a scratch is a thin, light, colourless line across the art with like sides; coloured strokes are ink and lines along the art's own shapes are artwork. Broad holo shine has no ridge and is not counted. Dents and stains need raking light and are not assessed from flat photos.",
      basis,
      details: faces.map(
        (f) => `${f.face}: ${f.surface.issues.length} issue${f.surface.issues.length === 1 ? '' : 's'} at ${f.surface.pxPerMm} px/mm`,
      ),
    },
    photoChecks: Object.fromEntries(
      faces.map((f) => [
        f.face,
        {
          widthPx: f.checks.widthPx,
          heightPx: f.checks.heightPx,
          pxPerMm: r2(f.checks.pxPerMm),
          edgeWidthPx: r2(f.checks.edgeWidthPx),
          saturatedPercent: r2(f.checks.saturatedPercent),
          whiteLevelPercent: Math.round((100 * f.checks.exposure.whiteLevel) / 255),
          cardOutline: roundQuad(f.checks.corners),
          holder: f.checks.holder,
        },
      ]),
    ) as GradingReport['photoChecks'],
    limitations: [
      ...(basis.referenceGiven && !basis.matched
        ? [
            `The front photo does not look like the catalogue image of the card you picked (match ${basis.matchScore!.toFixed(2)}, ${MATCH_THRESHOLD} needed): check the set and number. The surface was judged without the image, with lower confidence.`,
          ]
        : []),
      ...(basis.referenceGiven
        ? []
        : [
            'No catalogue image of this card was compared (a hand-typed card, or the image could not be fetched): artwork and damage were told apart from the photo alone, so the surface confidence is lower.',
          ]),
      ...(!compared && allIssues.some((i) => i.type === 'print line')
        ? [
            "Straight lines along the card's edges were seen, but without the catalogue image they cannot be told from the card's printed frames and rules: they are listed as minor and do not lower the surface grade below 9 on their own.",
          ]
        : []),
      ...faces
        .filter((f) => f.surface.basis.patterned)
        .map(
          (f) =>
            `Many line-like marks cross the ${f.face}'s artwork: without the catalogue image they read as its holo or printed pattern, not as scratches, so they are listed as minor. A catalogue image (pick the card from the catalogue) or a photo in softer light tells them apart.`,
        ),
      ...centeringUnknown.map(
        (f) =>
          `${f.face === 'front' ? 'Front' : 'Back'} centering was not measured (${f.centering.measurable ? '' : f.centering.reason}); it is not counted as perfect and the confidence is lower.`,
      ),
      ...faces
        .filter((f) => f.checks.exposure.whiteLevel < FULL_WHITE_LEVEL * 0.8)
        .map(
          (f) =>
            `The ${f.face} photo is dim (its whitest print at ${Math.round((100 * f.checks.exposure.whiteLevel) / 255)}% brightness): contrasts were rescaled to full light, which also magnifies noise, so the confidence is lower. Brighter, even light gives a surer grade.`,
        ),
      ...faces
        .filter((f) => f.checks.faintOutline)
        .map(
          (f) =>
            `The ${f.face}'s border is nearly the colour of the surface under it: its outline was traced from a faint edge, so centering, corners and edges are less sure. A darker or contrasting surface gives a surer grade.`,
        ),
      ...faces
        .filter((f) => f.checks.frameIsEdge)
        .map(
          (f) =>
            `The ${f.face} photo is cropped to the card and its border is the colour of what lies beyond it, so the card's cut edge and rounded corners cannot be seen: the photo's frame was taken as the card's outline, and centering, corners and edges are less sure. A photo of the card on a contrasting surface, with a little of it showing round the card, gives a surer grade.`,
        ),
      ...faces
        .filter((f) => f.checks.holder)
        .map(
          (f) =>
            `The ${f.face} was photographed in a ${f.checks.holder}: the card inside was measured (its own outline, not the ${f.checks.holder}'s), but reflections and scuffs on the plastic can hide or mimic surface marks and soften its edges, so the confidence is lower. Take the card out of the ${f.checks.holder} for a surer grade.`,
        ),
      ...faces
        .filter((f) => f.surface.glarePercent > 0)
        .map(
          (f) =>
            `Glare covers ${f.surface.glarePercent.toFixed(1)}% of the ${f.face}: the surface there was not measured (centering, corners and edges were). For a surer surface grade, retake the ${f.face} in soft, indirect light, out of its sleeve.`,
        ),
      ...(consistency.warning ? [consistency.warning] : []),
      ...(whiteningMeasurable
        ? []
        : [
            'Whitening cannot be seen on a white or silver border: those corners and edges are scored on shape only, with lower confidence.',
          ]),
    ],
    imageAdjustments: faces.flatMap((f, i) => [
      {
        adjustmentStep: i * 4 + 1,
        adjustmentType: 'card-outline',
        adjustmentDescription: `Found the card in the ${f.face} photo: its outline (the four cut edges, corners at ${roundQuad(
          f.checks.corners,
        )
          .map((p) => `${Math.round(p.x)}, ${Math.round(p.y)}`)
          .join('; ')} px) is drawn on the photo.`,
        originalImageType: f.face,
        evidenceName: `${f.face}Outline`,
        createdAt: (f.steps[2]?.endTime ?? new Date()).toISOString(),
        annotations: [],
      },
      {
        adjustmentStep: i * 4 + 2,
        adjustmentType: 'perspective-correction',
        adjustmentDescription: `Straightened the ${f.face} to 63 × 88 mm at ${f.surface.pxPerMm} px/mm from corners fitted to the four cut edges.`,
        originalImageType: f.face,
        evidenceName: `${f.face}Straightened`,
        createdAt: (f.steps[0]?.endTime ?? new Date()).toISOString(),
        annotations: [
          {
            severity: 'info' as const,
            annotationText: `Edge sharpness ${f.checks.edgeWidthPx.toFixed(1)} px (10–90%), ${f.checks.pxPerMm.toFixed(1)} px/mm`,
          },
        ],
      },
      {
        adjustmentStep: i * 4 + 3,
        adjustmentType: 'exposure-normalisation',
        adjustmentDescription: `Scaled the ${f.face} to full light: its whitest print is at ${Math.round((100 * f.checks.exposure.whiteLevel) / 255)}% brightness, so every contrast was divided by ${f.checks.exposure.gain.toFixed(2)}.`,
        originalImageType: f.face,
        evidenceName: `${f.face}Normalised`,
        createdAt: (f.steps[0]?.endTime ?? new Date()).toISOString(),
        annotations:
          f.checks.exposure.gain < 1
            ? [
                {
                  severity: 'info' as const,
                  annotationText: `Gain ${f.checks.exposure.gain.toFixed(2)} (white level ${Math.round(f.checks.exposure.whiteLevel)} of ${FULL_WHITE_LEVEL})`,
                },
              ]
            : [],
      },
      {
        adjustmentStep: i * 4 + 4,
        adjustmentType: 'annotation',
        adjustmentDescription: `Marked the measured print frame, corner scores, edge wear and surface issues on the ${f.face}.`,
        originalImageType: f.face,
        evidenceName: `${f.face}Annotated`,
        createdAt: (f.steps[f.steps.length - 1]?.endTime ?? new Date()).toISOString(),
        annotations: [
          ...f.corners
            .filter((c) => c.issues.length)
            .map((c) => ({
              severity: severityOfScore(c.score),
              annotationText: `${c.corner}: ${c.issues.join(', ')} (${c.score})`,
            })),
          ...f.edges.flatMap((e) =>
            e.chips.map((ch) => ({
              // The edge's own score says how bad its chips are, by the same rule as every finding.
              severity: severityOfScore(e.score),
              annotationText: `${e.edge} edge chip at ${ch.atMm} mm, ${ch.lengthMm} mm long`,
            })),
          ),
          ...f.surface.issues.map((s) => ({
            severity: s.severity,
            annotationText: `${s.type} at ${s.xMm}, ${s.yMm} mm (${s.lengthMm} mm)`,
          })),
        ],
      },
    ]),
    analysisSteps: faces
      .flatMap((f) => f.steps)
      .map((s) => ({
        stepNumber: ++stepNumber,
        stepName: s.name,
        stepDescription: s.description,
        status: 'completed' as const,
        stepResults: s.results,
        startTime: s.startTime.toISOString(),
        endTime: s.endTime.toISOString(),
      })),
    inputs: { closeUps: Object.keys(input.closeUps ?? {}), detailImages: input.details?.length ?? 0 },
  };
  return { report, faces: { front, back } };
}
