/**
 * Surface findings with and without the catalogue image (bench:grading's surface section). Cards
 * carry the generator's hard artwork (outlines, light highlights, coloured strokes, sparkle, caption
 * glyphs); the reference is the pristine card rendered by the generator, its print centred on the cut
 * (so the engine must estimate the shift). Seeds are the benchmark's own, never the tests'.
 */
import { gradeCard, EngineRefusal, MATCH_THRESHOLD, type GradingReport } from '../../src/engine';
import { generateSyntheticCard, renderReferenceImage, type SyntheticCard } from '../../src/card-fixtures/synthetic/generator';
import type { Defect } from '../../src/card-fixtures/synthetic/card';
import { createRandom } from '../../src/card-fixtures/synthetic/random';
import { matchesScratch, type Scratch } from './scratch-match';

type Tally = {
  truth: number;
  found: number;
  falseFindings: number;
  faces: number;
  undamagedFaces: number;
  undamagedFindings: number;
  undamagedWithAny: number;
  psa: number[];
  ms: number[];
};
const tally = (): Tally => ({
  truth: 0,
  found: 0,
  falseFindings: 0,
  faces: 0,
  undamagedFaces: 0,
  undamagedFindings: 0,
  undamagedWithAny: 0,
  psa: [],
  ms: [],
});

/** Scores the front (the face a reference is for): recall of true scratches, findings that match no defect. */
function scoreFront(card: SyntheticCard, report: GradingReport, t: Tally) {
  const defects = card.truth.front.defects;
  const scratches = defects.filter((d): d is Scratch => d.kind === 'scratch');
  const printLines = defects.filter((d): d is Extract<Defect, { kind: 'printLine' }> => d.kind === 'printLine');
  const issues = report.surfaceDecisionLog.frontIssues;
  t.faces++;
  t.truth += scratches.length;
  for (const s of scratches) if (issues.some((i) => i.type === 'scratch' && matchesScratch(i, s))) t.found++;
  const explained = (i: (typeof issues)[number]) =>
    (i.type === 'scratch' && scratches.some((s) => matchesScratch(i, s))) ||
    (i.type === 'print line' && printLines.some((p) => Math.abs((p.orientation === 'vertical' ? i.xMm : i.yMm) - p.atMm) < 1.5));
  t.falseFindings += issues.filter((i) => !explained(i)).length;
  if (!scratches.length && !printLines.length) {
    t.undamagedFaces++;
    t.undamagedFindings += issues.length;
    if (issues.length) t.undamagedWithAny++;
  }
}

/**
 * One scratch on an otherwise undamaged front, drawn like the generator's random scratches (8–25 mm,
 * any angle, 0.1–0.22 mm wide, 55–85 % toward white), so recall rests on many scratches, not a handful.
 */
export function oneScratch(seed: number): Scratch {
  const rnd = createRandom(seed);
  const x0 = rnd.range(10, 53),
    y0 = rnd.range(14, 70),
    len = rnd.range(8, 25),
    ang = rnd.range(0, Math.PI);
  return {
    kind: 'scratch',
    x0,
    y0,
    x1: Math.min(58, Math.max(5, x0 + Math.cos(ang) * len)),
    y1: Math.min(82, Math.max(6, y0 + Math.sin(ang) * len)),
    widthMm: rnd.range(0.1, 0.22),
    strength: rnd.range(0.55, 0.85),
  };
}

export async function benchSurfaceReference(options: {
  damaged: number;
  clean: number;
  /** Cards whose front carries exactly one scratch (and nothing else; the back is drawn as usual). */
  scratched: number;
  seed0: number;
}): Promise<string[]> {
  const without = tally(),
    withRef = tally();
  let mismatchWarned = 0,
    mismatchTried = 0,
    matchedScores: number[] = [];
  // Refusals by card kind and code: a refused undamaged card is a false refusal unless it really is cut off.
  const refused: string[] = [];
  const cards: { seed: number; rate: number; style: 'tuning' | 'heldout'; scratch?: Scratch }[] = [
    ...Array.from({ length: options.damaged }, (_, i) => ({
      seed: options.seed0 + i,
      rate: 0.6,
      style: i % 3 === 2 ? ('heldout' as const) : ('tuning' as const),
    })),
    ...Array.from({ length: options.clean }, (_, i) => ({
      seed: options.seed0 + 5_000 + i,
      rate: 0,
      style: i % 3 === 2 ? ('heldout' as const) : ('tuning' as const),
    })),
    ...Array.from({ length: options.scratched }, (_, i) => ({
      seed: options.seed0 + 10_000 + i,
      rate: 0.6,
      style: i % 3 === 2 ? ('heldout' as const) : ('tuning' as const),
      scratch: oneScratch(options.seed0 + 20_000 + i),
    })),
  ];
  for (const [n, c] of cards.entries()) {
    const card = await generateSyntheticCard(c.seed, {
      defectRate: c.rate,
      style: c.style,
      ...(c.scratch ? { defects: { front: [c.scratch] } } : {}),
    });
    const reference = await renderReferenceImage(card.truth.front);
    try {
      for (const [t, ref] of [
        [without, undefined],
        [withRef, reference],
      ] as const) {
        const t0 = performance.now();
        const { report } = await gradeCard({ front: card.front, back: card.back, reference: ref });
        t.ms.push(performance.now() - t0);
        scoreFront(card, report, t);
        if (c.rate === 0) t.psa.push(report.psaGrade);
        if (ref && report.surfaceDecisionLog.basis?.matchScore !== undefined)
          matchedScores.push(report.surfaceDecisionLog.basis.matchScore);
      }
      // The wrong card picked: another card's image must be flagged, not used.
      if (c.rate === 0 && n % 2 === 0) {
        const other = await generateSyntheticCard(c.seed + 77_000, { style: c.style });
        const { report } = await gradeCard({
          front: card.front,
          back: card.back,
          reference: await renderReferenceImage(other.truth.front),
        });
        mismatchTried++;
        if (
          report.surfaceDecisionLog.basis?.matched === false &&
          report.limitations.some((l) => /does not look like the catalogue image/.test(l))
        )
          mismatchWarned++;
      }
    } catch (err) {
      if (!(err instanceof EngineRefusal)) throw err;
      refused.push(
        `${c.rate === 0 ? 'undamaged' : c.scratch ? 'one-scratch' : 'damaged'} ${err.face ?? ''} ${err.code}`.replace('  ', ' '),
      );
    }
    process.stderr.write(`\r  surface ${n + 1}/${cards.length}`);
  }
  process.stderr.write('\n');
  const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(1)}%`;
  const mean = (xs: number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : NaN);
  const line = (name: string, t: Tally) =>
    `  ${name.padEnd(18)} scratch recall ${pct(t.found, t.truth)} (${t.found}/${t.truth}); findings matching no defect ${(t.falseFindings / Math.max(1, t.faces)).toFixed(2)} per front (${t.falseFindings} on ${t.faces}); undamaged fronts: ${(t.undamagedFindings / Math.max(1, t.undamagedFaces)).toFixed(2)} findings per face, ${t.undamagedWithAny}/${t.undamagedFaces} with any; PSA of undamaged cards mean ${mean(t.psa).toFixed(2)}; ${mean(t.ms).toFixed(0)} ms per card`;
  matchedScores = matchedScores.sort((a, b) => a - b);
  return [
    `\nSurface with and without the catalogue image (${options.damaged} damaged + ${options.clean} undamaged + ${options.scratched} one-scratch cards with hard artwork, a third held-out; fronts scored; ${refused.length} refused${refused.length ? `: ${refused.join(', ')}` : ''}):`,
    line('without reference', without),
    line('with reference', withRef),
    `  match score of the right image: min ${matchedScores[0]?.toFixed(3) ?? '—'}, median ${matchedScores[Math.floor(matchedScores.length / 2)]?.toFixed(3) ?? '—'}, wrongly flagged as another card ${matchedScores.filter((m) => m < MATCH_THRESHOLD).length}/${matchedScores.length}; wrong card picked: warned ${mismatchWarned}/${mismatchTried}`,
  ];
}
