import { expect, it } from 'vitest';
import { MIN_SHORT_SIDE } from './decode';
import { REFUSAL_CODES } from './refusal';
import { scoreFromFindings, severityOfScore, type Severity } from './severity';
import { MIN_PX_PER_MM } from './trace';

it("a face's score lies in its worst finding's severity band, however few findings it has", () => {
  const severities: Severity[] = ['major', 'moderate', 'minor'];
  for (const worst of severities)
    for (let extra = 0; extra < 12; extra++) {
      const findings = [{ severity: worst }, ...Array.from({ length: extra }, () => ({ severity: 'minor' as const }))];
      const score = scoreFromFindings(findings);
      // In the worst finding's band: a single major scratch once left Surface at 8.
      expect(severityOfScore(score)).toBe(worst);
    }
  expect(scoreFromFindings([{ severity: 'major' }])).toBeLessThan(7);
  expect(scoreFromFindings([])).toBe(10);
});

it('the too-small refusal states the limits the engine applies', () => {
  expect(REFUSAL_CODES.image_too_small).toContain(`${MIN_SHORT_SIDE} pixels on its short side`);
  expect(REFUSAL_CODES.image_too_small).toContain(`${Math.ceil(MIN_PX_PER_MM * 88)} pixels long`);
  expect(REFUSAL_CODES.image_too_small).not.toContain('800');
});
