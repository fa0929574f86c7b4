/**
 * Cards cropped to their own edge (a catalogue render, a scan cut to the card): the photo's frame is the
 * only outline there is when the corners beyond the rounded cut are filled with the border's colour.
 * Built from the labelled real photos (croppedToCard); skipped, with the reason, without ../shared.
 */
import { describe, expect, it } from 'vitest';
import { analyseFace } from './face';
import { EngineRefusal } from './refusal';
import { croppedToCard, framedAt, isLabelled, loadRealPhotos, outlineErrorPercent, type LabelledPhoto } from '../card-fixtures/real-photos';

const loaded = loadRealPhotos();
const PX_PER_MM = 10;
const labelled = (name: string): LabelledPhoto => {
  const found = loaded.photos?.find((p) => p.file.endsWith(name));
  if (!found || !isLabelled(found)) throw new Error(`${name} has no labelled corners in truth.json`);
  return found;
};
const dir = () => (loaded as { dir: string }).dir;
/** The copy analysed as grading does, and the worst corner's error against the card's own (% of its diagonal). */
const analyseCopy = async (copy: Awaited<ReturnType<typeof croppedToCard>>) => {
  const a = await analyseFace('front', copy.buf);
  return { a, error: outlineErrorPercent(a.checks.corners, copy.corners)[0] };
};

describe.skipIf(!loaded.photos)(
  `cards cropped to their edge${loaded.photos ? '' : ` (skipped: ${(loaded as { reason: string }).reason})`}`,
  () => {
    it.each([
      // A Magic back on a dark lid, and fronts whose black rules across the type line once read as a gap
      // between two cards: refused no_card_found and several_cards before the frame was tried.
      'stevewoz__zz__raw-T413-0730-1-back.jpg',
      'tylerscripps__Fyndhorn_Elves_clockwise.jpg',
      'rootkow__img6.jpg',
      // Worn corners on a red card: refused card_cut_off as a scan cropping the card.
      'tmikonen__dragon_whelp.jpg',
      // The print frame inside a black border, once graded as if it were the card.
      'rootkow__img1.jpg',
      // Yellow and silver Pokémon borders.
      'dimas__input_pikachu.png',
      'dimas__input_frosmoth.png',
    ])(
      'grades %s cropped to its edge with the frame as its outline, within 1.5 % at every corner',
      async (name) => {
        const { error } = await analyseCopy(await croppedToCard(dir(), labelled(name), PX_PER_MM));
        expect(error).toBeLessThanOrEqual(1.5);
      },
      60_000,
    );

    it('says when the frame was taken as the outline, and not when the cut edge showed', async () => {
      const framed = await analyseCopy(await croppedToCard(dir(), labelled('tmikonen__dragon_whelp.jpg'), PX_PER_MM));
      expect(framed.a.checks.frameIsEdge).toBe(true);
      // The same card on white, its rounded corners showing: traced at its own edge.
      const white = await analyseCopy(
        await croppedToCard(dir(), labelled('tmikonen__dragon_whelp.jpg'), PX_PER_MM, { fill: [255, 255, 255], marginMm: 0.5 }),
      );
      expect(white.a.checks.frameIsEdge).toBe(false);
      expect(white.error).toBeLessThanOrEqual(1.5);
    }, 60_000);

    it('measures a black-bordered card inside a 2 mm white margin at its own edge, not at the frame', async () => {
      // A frame within 1 % of a card's proportions, its corners one flat colour: the frame is a candidate
      // outline, but the card's own, whole inside it, is kept.
      const { a, error } = await analyseCopy(
        await croppedToCard(dir(), labelled('rootkow__img1.jpg'), PX_PER_MM, { fill: [255, 255, 255], marginMm: 2 }),
      );
      expect(a.checks.frameIsEdge).toBe(false);
      expect(error).toBeLessThanOrEqual(1.5);
    }, 60_000);

    it('never takes the frame for the outline of a card lying turned in it on a dark lid', async () => {
      // Flatbed scans of Magic backs turned 1° and 0.3° on a dark lid, cropped so the frame has a card's
      // proportions: once graded with the frame as the outline (7 % off), the first cut into the card.
      const cut = await framedAt(dir(), labelled('stevewoz__zz__raw-T425-0810-7-back.jpg'), 'top', 0.5);
      await expect(analyseFace('front', cut!.buf)).rejects.toBeInstanceOf(EngineRefusal);
      const whole = await framedAt(dir(), labelled('stevewoz__zz__raw-T473-1004-1-back-HP.jpg'), 'top', -0.5);
      const a = await analyseFace('front', whole!.buf);
      expect(a.checks.frameIsEdge).toBe(false);
      expect(outlineErrorPercent(a.checks.corners, whole!.corners)[0]).toBeLessThanOrEqual(1.5);
    }, 60_000);
  },
);
