/**
 * Simulated guided-capture sessions: what a phone's camera would show while a collector photographs a
 * card — the card sliding into frame, a glare spot passing over it, a blurred stretch (the hand moving),
 * then steady good frames — for the front, then the back. Made from a generated card pair or from a
 * real photo (cropped around its labelled card as if the collector had moved closer). The frames are
 * raw RGB; `toY4m` writes them as the YUV4MPEG2 file Chromium's fake camera plays
 * (--use-file-for-fake-video-capture). Test and bench material only.
 */
import sharp from 'sharp';
import type { Face } from '@contract/grading-report';
import { generateSyntheticCard } from './synthetic/generator';
import { readRealPhoto, type RealPhoto } from './real-photos';

export type Segment = 'slide' | 'glare' | 'blur' | 'steady';
export type SessionFrame = { face: Face; segment: Segment; rgb: Buffer };
export type Session = { name: string; width: number; height: number; fps: number; frames: SessionFrame[]; stills: Record<Face, Buffer> };

/** Portrait 3:4 like a phone held over a card; the short side clears the engine's minimum. */
export const SESSION_SIZE = { width: 720, height: 960 };
export const SESSION_FPS = 10;
/**
 * Frames per segment (at SESSION_FPS): 1.2 s sliding in, 1.2 s of glare, 1.2 s of blur (the hand moving),
 * 2 s steady. The blur lasts as long as the glare so that a browser checking slowly on a loaded machine
 * still checks it at least once (0.8 s was missed there).
 */
export const SEGMENT_FRAMES: Record<Segment, number> = { slide: 12, glare: 12, blur: 12, steady: 20 };

type Scene = { rgb: Buffer; card: { x0: number; y0: number; x1: number; y1: number } };

async function sceneOf(image: Buffer, corners: { x: number; y: number }[] | null): Promise<Scene> {
  const { width: W, height: H } = SESSION_SIZE;
  const { data } = await sharp(image).rotate().resize(W, H, { fit: 'fill' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const xs = (corners ?? []).map((p) => p.x),
    ys = (corners ?? []).map((p) => p.y);
  const card = corners
    ? { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) }
    : { x0: W * 0.2, y0: H * 0.2, x1: W * 0.8, y1: H * 0.8 };
  return { rgb: data, card };
}

/** A generated card pair photographed at the session's size: card filling ~70 % of the frame, a little tilt. */
export async function syntheticScenes(seed: number): Promise<Record<Face, Scene>> {
  const card = await generateSyntheticCard(seed, {
    conditions: { ...SESSION_SIZE, fill: 0.72, tiltDeg: 6, offsetX: 0.1, offsetY: -0.1, blurSigma: 0.3, jpegQuality: 92 },
  });
  return { front: await sceneOf(card.front, card.truth.front.corners), back: await sceneOf(card.back, card.truth.back.corners) };
}

/**
 * A real photo cropped around its labelled card, as if the collector had moved closer until the card
 * filled three quarters of the frame (the edges of the photo are repeated where the crop runs past them).
 * Real photos show one face: it stands for both.
 */
export async function realScenes(dir: string, photo: RealPhoto): Promise<Record<Face, Scene>> {
  const { width: W, height: H } = SESSION_SIZE;
  const c = photo.corners!;
  const pts = (['TL', 'TR', 'BR', 'BL'] as const).map((k) => ({ x: c[k][0], y: c[k][1] }));
  const x0 = Math.min(...pts.map((p) => p.x)),
    x1 = Math.max(...pts.map((p) => p.x)),
    y0 = Math.min(...pts.map((p) => p.y)),
    y1 = Math.max(...pts.map((p) => p.y));
  const f = Math.min((0.75 * H) / (y1 - y0), (0.85 * W) / (x1 - x0));
  const cw = W / f,
    ch = H / f;
  const left = Math.round((x0 + x1) / 2 - cw / 2),
    top = Math.round((y0 + y1) / 2 - ch / 2);
  const pad = Math.ceil(Math.max(cw, ch));
  // Separate pipelines: sharp would extract before extending within one.
  const upright = await sharp(readRealPhoto(dir, photo)).rotate().toBuffer();
  const padded = await sharp(upright).extend({ top: pad, bottom: pad, left: pad, right: pad, extendWith: 'copy' }).png().toBuffer();
  const cropped = await sharp(padded)
    .extract({ left: left + pad, top: top + pad, width: Math.round(cw), height: Math.round(ch) })
    .png()
    .toBuffer();
  const scene = await sceneOf(
    cropped,
    pts.map((p) => ({ x: (p.x - left) * (W / Math.round(cw)), y: (p.y - top) * (H / Math.round(ch)) })),
  );
  return { front: scene, back: scene };
}

/** The scene shifted `dx` pixels right (the card enters from the right); the left edge column repeats. */
function shifted(s: Scene, dx: number): Buffer {
  const { width: W, height: H } = SESSION_SIZE;
  const out = Buffer.alloc(s.rgb.length);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const sx = Math.max(0, x - dx);
      s.rgb.copy(out, (y * W + x) * 3, (y * W + sx) * 3, (y * W + sx) * 3 + 3);
    }
  return out;
}

/** A specular highlight: a clipped white disc with a soft rim, centred at (cx, cy). */
function withGlare(s: Scene, cx: number, cy: number, r: number): Buffer {
  const { width: W, height: H } = SESSION_SIZE;
  const out = Buffer.from(s.rgb);
  for (let y = Math.max(0, Math.floor(cy - 2 * r)); y < Math.min(H, cy + 2 * r); y++)
    for (let x = Math.max(0, Math.floor(cx - 2 * r)); x < Math.min(W, cx + 2 * r); x++) {
      const d = Math.hypot(x - cx, y - cy) / r;
      const a = d < 1 ? 1 : d < 2 ? (2 - d) ** 2 : 0;
      if (!a) continue;
      const i = (y * W + x) * 3;
      for (let c = 0; c < 3; c++) out[i + c] = Math.round(out[i + c] * (1 - a) + 255 * a);
    }
  return out;
}

const blurred = (s: Scene, sigma: number) =>
  sharp(s.rgb, { raw: { ...SESSION_SIZE, channels: 3 } })
    .blur(sigma)
    .raw()
    .toBuffer();

async function faceFrames(face: Face, s: Scene): Promise<SessionFrame[]> {
  const frames: SessionFrame[] = [];
  const { width: W } = SESSION_SIZE;
  const n = SEGMENT_FRAMES;
  for (let i = 0; i < n.slide; i++) frames.push({ face, segment: 'slide', rgb: shifted(s, Math.round(W * 0.55 * (1 - i / n.slide))) });
  // The highlight crosses the card's middle, always on the card.
  const { x0, x1, y0, y1 } = s.card;
  const r = (x1 - x0) * 0.09;
  for (let i = 0; i < n.glare; i++) {
    const t = i / (n.glare - 1);
    frames.push({ face, segment: 'glare', rgb: withGlare(s, x0 + (x1 - x0) * (0.25 + 0.5 * t), y0 + (y1 - y0) * (0.4 + 0.2 * t), r) });
  }
  const soft = await blurred(s, 6);
  for (let i = 0; i < n.blur; i++) frames.push({ face, segment: 'blur', rgb: soft });
  for (let i = 0; i < n.steady; i++) frames.push({ face, segment: 'steady', rgb: s.rgb });
  return frames;
}

export async function buildSession(name: string, scenes: Record<Face, Scene>): Promise<Session> {
  const stills = {
    front: await sharp(scenes.front.rgb, { raw: { ...SESSION_SIZE, channels: 3 } })
      .jpeg({ quality: 92 })
      .toBuffer(),
    back: await sharp(scenes.back.rgb, { raw: { ...SESSION_SIZE, channels: 3 } })
      .jpeg({ quality: 92 })
      .toBuffer(),
  };
  return {
    name,
    ...SESSION_SIZE,
    fps: SESSION_FPS,
    frames: [...(await faceFrames('front', scenes.front)), ...(await faceFrames('back', scenes.back))],
    stills,
  };
}

/** RGB to I420 (BT.601 full range, as the C420jpeg tag says), chroma averaged over 2×2 blocks. */
function i420(rgb: Buffer, W: number, H: number): Buffer {
  const out = Buffer.alloc(W * H * 1.5);
  const u0 = W * H,
    v0 = u0 + (W / 2) * (H / 2);
  for (let i = 0; i < W * H; i++) out[i] = Math.round(0.299 * rgb[i * 3] + 0.587 * rgb[i * 3 + 1] + 0.114 * rgb[i * 3 + 2]);
  for (let y = 0; y < H / 2; y++)
    for (let x = 0; x < W / 2; x++) {
      let r = 0,
        g = 0,
        b = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ]) {
        const i = ((2 * y + dy) * W + 2 * x + dx) * 3;
        r += rgb[i];
        g += rgb[i + 1];
        b += rgb[i + 2];
      }
      r /= 4;
      g /= 4;
      b /= 4;
      const j = y * (W / 2) + x;
      out[u0 + j] = Math.max(0, Math.min(255, Math.round(128 - 0.168736 * r - 0.331264 * g + 0.5 * b)));
      out[v0 + j] = Math.max(0, Math.min(255, Math.round(128 + 0.5 * r - 0.418688 * g - 0.081312 * b)));
    }
  return out;
}

/** The session as a Y4M file's bytes (played at `fps`): `YUV4MPEG2 W H F Ip A1:1 C420jpeg`, then `FRAME\n` + I420 planes per frame. */
export function toY4m(session: Session, fps = session.fps): Buffer[] {
  const header = Buffer.from(`YUV4MPEG2 W${session.width} H${session.height} F${fps}:1 Ip A1:1 C420jpeg\n`);
  const parts: Buffer[] = [header];
  for (const f of session.frames) parts.push(Buffer.from('FRAME\n'), i420(f.rgb, session.width, session.height));
  return parts;
}
