import { expect, it } from 'vitest';
import { alongCardAxes, edgeFromCorner, inBorderAlongEdge } from './surface';

const line = (x0: number, y0: number, x1: number, y1: number) => ({ from: { xMm: x0, yMm: y0 }, to: { xMm: x1, yMm: y1 } });

it('reads straight marks in the border band along each of the four edges as the printed layout', () => {
  // Vertical along the left and right edges: once read as horizontal (their angle folded by 90°) and
  // left moderate, as on a sleeved card's left border.
  expect(inBorderAlongEdge(line(1.6, 45.3, 1.6, 52.9))).toBe(true);
  expect(inBorderAlongEdge(line(61, 20, 61.2, 30))).toBe(true);
  expect(inBorderAlongEdge(line(10, 2, 25, 2.3))).toBe(true);
  expect(inBorderAlongEdge(line(10, 85, 25, 85))).toBe(true);
});

it('keeps marks across the card, or askew, or leaving the border band as possible damage', () => {
  expect(inBorderAlongEdge(line(30, 40, 30, 48))).toBe(false);
  expect(inBorderAlongEdge(line(20, 44, 28, 44))).toBe(false);
  expect(inBorderAlongEdge(line(1.5, 40, 3, 50))).toBe(false);
  expect(inBorderAlongEdge(line(2, 3, 2, 12))).toBe(true);
  expect(inBorderAlongEdge(line(2, 3, 9, 3.1))).toBe(true);
  expect(inBorderAlongEdge(line(5, 3, 8, 10))).toBe(false);
});

it('reads lines square to the card anywhere on it as possibly the printed layout, and askew ones as possible damage', () => {
  // A sleeved card's ability box: its top rule, 13 mm long, was once a major "scratch".
  expect(alongCardAxes(line(4.4, 47.4, 17.6, 47.5))).toBe(true);
  expect(alongCardAxes(line(54, 50, 54.1, 35.2))).toBe(true);
  expect(alongCardAxes(line(18.7, 33.7, 24.8, 40.5))).toBe(false);
  expect(alongCardAxes(line(44.4, 10.3, 51.3, 9.3))).toBe(false);
});

it("reads a light line leaving a corner close to the traced side as the card's own edge, not a scratch", () => {
  // A sleeved Pokémon back whose corner was lost in glare: the outline 1.1 % off there, the cut edge inside it.
  expect(edgeFromCorner(line(2.9, 86.7, 13.3, 85))).toBe(true);
  expect(edgeFromCorner(line(60.5, 1, 60, 11))).toBe(true);
  // Away from the corners, steeper, or leaving the border band: possible damage.
  expect(edgeFromCorner(line(1.5, 40, 3, 50))).toBe(false);
  expect(edgeFromCorner(line(2, 2, 8, 6))).toBe(false);
  expect(edgeFromCorner(line(2.5, 85, 12, 80))).toBe(false);
});
