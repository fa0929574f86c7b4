import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { analyseFace, gradeCard, EngineRefusal } from './index';
import { lightColour } from './exposure';
import { generateSyntheticCard } from '../card-fixtures/synthetic/generator';
import type { Defect } from '../card-fixtures/synthetic/card';

// Seeds differ from the benchmark's (900000+). Darkening is a pure gain on the encoded photo, as a
// dimmer room with the same camera settings gives.
const dim = (photo: Buffer, factor: number) => sharp(photo).linear(factor, 0).jpeg({ quality: 92 }).toBuffer();
const subGrades = (r: Awaited<ReturnType<typeof gradeCard>>['report']) => ({
  centering: r.centeringScore,
  corners: r.cornersScore,
  edges: r.edgesScore,
  surface: r.surfaceScore,
});

describe('exposure', () => {
  it('a brightness sweep of one photo (100, 60, 45, 25 %) never raises a sub-grade; the darkest is refused as too dark', async () => {
    const card = await generateSyntheticCard(51, { defectRate: 0.8 });
    const full = (await gradeCard({ front: card.front, back: card.back })).report;
    for (const factor of [0.6, 0.45]) {
      const { report } = await gradeCard({ front: await dim(card.front, factor), back: await dim(card.back, factor) });
      const measured = subGrades(report),
        reference = subGrades(full);
      for (const k of Object.keys(reference) as (keyof typeof reference)[])
        expect(measured[k], `${k} at ${factor * 100}%`).toBeLessThanOrEqual(reference[k]);
      expect(report.psaGrade).toBeLessThanOrEqual(full.psaGrade);
      // Dim photos are said to be dim, with less confidence.
      expect(report.confidence).toBeLessThan(full.confidence);
      expect(report.limitations.join(' ')).toMatch(/photo is dim/);
    }
    const err = await gradeCard({ front: await dim(card.front, 0.25), back: await dim(card.back, 0.25) }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineRefusal);
    expect((err as EngineRefusal).code).toBe('too_dark');
  }, 240_000);

  it("judges a whitened corner against the card's own white: still the weakest corner at 60 % brightness", async () => {
    const card = await generateSyntheticCard(52, {
      defectRate: 0,
      defects: { back: [{ kind: 'cornerWhitening', corner: 'TopRight', sizeMm: 1, intensity: 0.8 }] },
    });
    const { report } = await gradeCard({ front: await dim(card.front, 0.6), back: await dim(card.back, 0.6) });
    const corners = report.cornersDecisionLog.details;
    for (const other of ['backTopLeft', 'backBottomLeft', 'backBottomRight'])
      expect(corners.backTopRight.score).toBeLessThan(corners[other].score);
    expect(corners.backTopRight.score).toBeLessThan(8);
  }, 120_000);

  it('refuses an overexposed photo as too bright', async () => {
    const card = await generateSyntheticCard(53, {});
    const err = await gradeCard({ front: await sharp(card.front).linear(1.7, 30).jpeg().toBuffer(), back: card.back }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(EngineRefusal);
    expect((err as EngineRefusal).code).toBe('too_bright');
  }, 120_000);
});

describe('one card per photo', () => {
  it('refuses a photo with two cards as several_cards and says where the other one lies', async () => {
    // Both photos on the same table: the composite must read as one scene with two cards in it.
    const card = await generateSyntheticCard(54, {
      conditions: { offsetX: 0, offsetY: 0, fill: 0.7, background: { kind: 'plain', color: [60, 60, 60] } },
    });
    const meta = await sharp(card.front).metadata();
    const two = await sharp(card.front)
      .extend({ right: meta.width, extendWith: 'copy' })
      .composite([{ input: card.back, left: meta.width, top: 0 }])
      .jpeg({ quality: 90 })
      .toBuffer();
    const err = await gradeCard({ front: two, back: card.back }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineRefusal);
    expect((err as EngineRefusal).code).toBe('several_cards');
    expect((err as EngineRefusal).message).toMatch(/toward the (left|right) of the photo/);
  }, 120_000);
});

describe("the light's colour", () => {
  it("believes a lamp's tint in the card's white, not the colour of its ink", () => {
    // White print under a tungsten lamp (about 3,300 K).
    const lamp = lightColour([250, 205, 137]);
    [1, 0.82, 0.55].forEach((v, i) => expect(lamp[i]).toBeCloseTo(v, 2));
    // A yellow border's brightest print, pale coral print under daylight, and plain white: white light.
    for (const white of [
      [238, 201, 52],
      [250, 215, 210],
      [240, 240, 236],
    ] as [number, number, number][])
      expect(lightColour(white)).toEqual([1, 1, 1]);
  });

  it('finds a white scratch turned orange by a tungsten lamp, without the catalogue image', async () => {
    const scratch: Defect = { kind: 'scratch', x0: 15, y0: 60, x1: 40, y1: 70, widthMm: 0.18, strength: 0.8 };
    const card = await generateSyntheticCard(53, {
      defects: { front: [], back: [scratch] },
      conditions: { light: { tint: [1, 0.82, 0.55] } },
    });
    const back = await analyseFace('back', card.back);
    expect(back.view.light?.[2]).toBeLessThan(0.75);
    const found = back.surface.issues.filter((i) => i.type === 'scratch');
    expect(found).toHaveLength(1);
    expect(found[0].xMm).toBeCloseTo(27.5, 0);
    expect(found[0].yMm).toBeCloseTo(65, 0);
  });
});
