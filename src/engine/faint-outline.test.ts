import { describe, expect, it } from 'vitest';
import { gradeCard } from './index';
import { decodePhoto } from './decode';
import { detectCard } from './detect';
import { findOuterOutline } from './faint-outline';
import { generateSyntheticCard } from '../card-fixtures/synthetic/generator';
import { BORDER_COLORS, type Rgb } from '../card-fixtures/synthetic/card';

const LIGHT_GREY_TABLE: Rgb = [200, 200, 196];

describe('a border nearly the colour of the table', () => {
  it('grades a silver border on a light-grey table from its faint outline, says so and is less confident', async () => {
    // Seeds of their own, away from the bench's low-contrast cards.
    const faint = await generateSyntheticCard(7301, {
      frontBorder: BORDER_COLORS.silver,
      conditions: { background: { kind: 'plain', color: LIGHT_GREY_TABLE } },
    });
    const { report, faces } = await gradeCard({ front: faint.front, back: faint.back });
    expect(faces.front.checks.faintOutline).toBe(true);
    const front = report.centeringDecisionLog.front;
    expect(front.measurable).toBe(true);
    if (front.measurable) {
      expect(Math.abs(front.horizontal - faint.truth.front.horizontal)).toBeLessThan(1);
      expect(Math.abs(front.vertical - faint.truth.front.vertical)).toBeLessThan(1);
    }
    expect(report.limitations.some((l) => l.includes('traced from a faint edge'))).toBe(true);
    // The same card on a dark table: its outline is plain, and the grade is surer.
    const plain = await generateSyntheticCard(7301, {
      frontBorder: BORDER_COLORS.silver,
      conditions: { background: { kind: 'plain', color: [40, 42, 48] } },
    });
    const sure = await gradeCard({ front: plain.front, back: plain.back });
    expect(sure.faces.front.checks.faintOutline).toBe(false);
    expect(sure.report.confidence).toBeGreaterThan(report.confidence);
    // Four photos generated and two cards graded: past 30 s on a loaded two-core machine.
  }, 120_000);

  // The bench grades many ordinary photos through the same search (bench:grading's centering figures).
  it('finds no outer outline around a card traced on a contrasting table', async () => {
    const card = await generateSyntheticCard(7302, { defectRate: 0 });
    const photo = await decodePhoto(card.front);
    expect(findOuterOutline(photo.small, detectCard(photo.small).quad)).toBeNull();
  });
});

describe('a dark border on a dark desk under a lamp', () => {
  // A lamp to one side throws the card's soft shadow on the desk: beyond two sides the first step out
  // from the card is the shadow's edge, not the card's. The border is nearly black, the desk dark green.
  const BLACK_BORDER: Rgb = [18, 18, 20];
  const lamp = { dropShadow: { offsetMm: { x: 0.8, y: 1 }, softMm: 2.5, darkness: 0.4 } };

  it("traces the card's own edge inside its shadow, within 1 % of the card's diagonal", async () => {
    const card = await generateSyntheticCard(7303, {
      frontBorder: BLACK_BORDER,
      conditions: { background: { kind: 'plain', color: [35, 50, 30] }, light: lamp },
    });
    const { faces } = await gradeCard({ front: card.front, back: card.back });
    const truth = card.truth.front.corners;
    const diagonal = Math.hypot(truth[2].x - truth[0].x, truth[2].y - truth[0].y);
    const worst = Math.max(...faces.front.checks.corners.map((p, i) => Math.hypot(p.x - truth[i].x, p.y - truth[i].y)));
    expect(worst / diagonal).toBeLessThan(0.01);
  });
});
