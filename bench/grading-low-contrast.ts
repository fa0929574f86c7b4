/**
 * Low-contrast outlines (bench:grading's section, also runnable alone: npx tsx bench/grading-low-contrast.ts):
 * a silver border on a light-grey table, which should be graded, and as a stress case a white border
 * on a white table, where refusing is right only when the outline truly cannot be traced.
 */
import { gradeCard, EngineRefusal } from '../src/engine';
import { generateSyntheticCard } from '../src/card-fixtures/synthetic/generator';
import { BORDER_COLORS, type Rgb } from '../src/card-fixtures/synthetic/card';

const CASES: [string, Rgb, Rgb][] = [
  ['silver border on a light-grey table', BORDER_COLORS.silver, [200, 200, 196]],
  ['white border on a white table (stress)', BORDER_COLORS.white, [236, 235, 230]],
];

export async function benchLowContrast(seed0: number, perCase = 6): Promise<string[]> {
  const rows: string[] = [];
  for (const [name, border, table] of CASES) {
    const outcomes: string[] = [];
    for (let i = 0; i < perCase; i++) {
      const card = await generateSyntheticCard(seed0 + i, {
        frontBorder: border,
        conditions: { background: { kind: 'plain', color: table } },
      });
      try {
        const { report } = await gradeCard({ front: card.front, back: card.back });
        const log = report.centeringDecisionLog.front;
        const err = log.measurable
          ? Math.max(Math.abs(log.horizontal - card.truth.front.horizontal), Math.abs(log.vertical - card.truth.front.vertical))
          : NaN;
        outcomes.push(`PSA ${report.psaGrade} (front centering error ${Number.isNaN(err) ? 'not measured' : err.toFixed(2)})`);
      } catch (err) {
        if (!(err instanceof EngineRefusal)) throw err;
        outcomes.push(`${err.face ?? ''} ${err.code}`.trim());
      }
    }
    rows.push(`  ${name}: ${outcomes.join(', ')}`);
  }
  return [`Low-contrast outlines (${perCase} cards each; want graded):`, ...rows];
}

if (import.meta.url === `file://${process.argv[1]}`) for (const row of await benchLowContrast(995_000)) console.log(row);
