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
  });

  // The bench grades many ordinary photos through the same search (bench:grading's centering figures).
  it('finds no outer outline around a card traced on a contrasting table', async () => {
    const card = await generateSyntheticCard(7302, { defectRate: 0 });
    const photo = await decodePhoto(card.front);
    expect(findOuterOutline(photo.small, detectCard(photo.small).quad)).toBeNull();
  });
});
