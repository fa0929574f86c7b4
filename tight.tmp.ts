// every tight copy's outcome, one line each: npx tsx <tree>/tight.ts
import { analyseFace, EngineRefusal } from './src/engine';
import { framedAt, isLabelled, loadRealPhotos, outlineErrorPercent } from './src/card-fixtures/real-photos';
const l = loadRealPhotos();
if (!l.photos) throw new Error();
for (const p of l.photos.filter(isLabelled).filter((x) => x.situation.startsWith('one card') && (x.card_long_side_px ?? 0) >= 500))
  for (const side of ['left', 'top', 'right', 'bottom'] as const)
    for (const mm of [-0.5, 0.5, 1, 2]) {
      const f = await framedAt(l.dir, p, side, mm);
      if (!f) continue;
      let out: string;
      try { out = outlineErrorPercent((await analyseFace('front', f.buf)).checks.corners, f.corners)[0].toFixed(2); }
      catch (e) { if (!(e instanceof EngineRefusal)) throw e; out = e.code; }
      console.log(p.file.slice(7, 40), side, mm, out);
    }
