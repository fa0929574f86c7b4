import { describe, expect, it } from 'vitest';
import { checkFaceConsistency } from './consistency';
import type { Quad } from './detect';
import { CARD_HEIGHT_MM, CARD_WIDTH_MM } from './geometry';
import { apparentAspect, cardTiltDeg, rectifiedAspect } from './perspective';

const W = 3000,
  H = 4000;
/**
 * A 63 × 88 mm card photographed by a pinhole camera (focal length `focal` px, principal point at the
 * photo's centre) from `distance` mm, tilted `tiltDeg` about its horizontal axis and `yawDeg` about its
 * vertical one: the card's outline in photo pixels.
 */
function photographed(tiltDeg: number, yawDeg: number, focal = 3000, distance = 220): Quad {
  const t = (tiltDeg * Math.PI) / 180,
    y = (yawDeg * Math.PI) / 180;
  const corners = [
    [-CARD_WIDTH_MM / 2, -CARD_HEIGHT_MM / 2],
    [CARD_WIDTH_MM / 2, -CARD_HEIGHT_MM / 2],
    [CARD_WIDTH_MM / 2, CARD_HEIGHT_MM / 2],
    [-CARD_WIDTH_MM / 2, CARD_HEIGHT_MM / 2],
  ];
  return corners.map(([cx, cy]) => {
    // Tilt about x, then yaw about y, then push away from the camera.
    const y1 = cy * Math.cos(t),
      z1 = cy * Math.sin(t);
    const x2 = cx * Math.cos(y) + z1 * Math.sin(y),
      z2 = -cx * Math.sin(y) + z1 * Math.cos(y);
    const z = distance + z2;
    return { x: W / 2 + (focal * x2) / z, y: H / 2 + (focal * y1) / z };
  }) as Quad;
}

describe('perspective', () => {
  it("recovers a card's proportions from its outline at up to 25° of tilt", () => {
    for (const [tilt, yaw] of [
      [25, 0],
      [0, 25],
      [18, 15],
      [10, -20],
    ]) {
      const q = photographed(tilt, yaw);
      const { aspect, focalPx } = rectifiedAspect(q, W, H);
      // Tilted about both axes, the outline fixes the focal length itself; about one, a typical one is assumed.
      if (tilt && yaw) expect(focalPx).toBeCloseTo(3000, -2);
      expect(Math.abs(aspect / (CARD_WIDTH_MM / CARD_HEIGHT_MM) - 1)).toBeLessThan(tilt && yaw ? 0.005 : 0.03);
    }
  });

  it('does not take a front tilted 25° for another card than its square-on back', () => {
    // A focal length other than the typical one the rectifier assumes when one axis shows no perspective.
    const front = photographed(25, 0, 2500, 190);
    const back = photographed(0, 0, 2500, 190);
    // As photographed, the proportions differ by far more than noise (this pair was once refused).
    expect(Math.abs(Math.log(apparentAspect(front) / apparentAspect(back)))).toBeGreaterThan(0.06);
    const result = checkFaceConsistency(
      { corners: front, scan: false, width: W, height: H },
      { corners: back, scan: false, width: W, height: H },
    );
    expect(result.warning).toBeNull();
  });

  it('still refuses a back of other proportions, both photographed at a tilt', () => {
    const front = photographed(20, 0);
    // A back 8 % narrower (another card), tilted the other way.
    const back = photographed(-15, 10).map((p) => ({ x: W / 2 + (p.x - W / 2) * 0.92, y: p.y })) as Quad;
    expect(() =>
      checkFaceConsistency({ corners: front, scan: false, width: W, height: H }, { corners: back, scan: false, width: W, height: H }),
    ).toThrow(/proportions/);
  });

  it('measures the tilt the capture guide holds within the 25° the engine straightens', () => {
    for (const [tilt, yaw, expected] of [
      [0, 0, 0],
      [10, 0, 10],
      [0, 20, 20],
      [25, 0, 25],
      [20, 15, 24.7],
    ])
      expect(cardTiltDeg(photographed(tilt, yaw), W, H)).toBeCloseTo(expected, 0);
  });
});
