import { Camera, Check as CheckIcon, Circle, RotateCcw, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Face } from '@contract/grading-report';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { CAPTURE_LIMITS, type FrameReading, type Quad } from '../../../engine/browser';
import { CameraProblem, openRearCamera, takeStill } from './camera';
import { allMet, evaluateChecks, guideStep, nextHint, startGuide, steadyMs, traceFrom, type Check } from './capture-checks';
import type { FrameRequest, FrameResponse, FrameSource } from './capture-protocol';

export type CapturedPhotos = Partial<Record<Face, File>>;
type Props = { faces: Face[]; onDone: (photos: CapturedPhotos) => void; onClose: () => void };
type Shot = { file: File; url: string };

const STATE_TEXT = { met: 'done', unmet: 'not yet', pending: 'waiting' } as const;
const FACE_NAME: Record<Face, string> = { front: 'front', back: 'back' };
/** The guide outline: a card's proportions filling most of the picture, where the card should lie. */
const GUIDE_FILL = 0.8;
const CARD_ASPECT = 63 / 88;
/** Between two checks at least this long: enough for ≥ 5 a second, without running a phone hot. */
const MIN_INTERVAL_MS = 80;
const NO_SIZE = { width: 0, height: 0 };

/**
 * The guided capture screen: the rear camera with an outline of where the card should lie, the
 * engine's photo checks live on a downscaled frame (in a worker), auto-capture once every check holds
 * and the card lies steady, a manual shutter, front then back, and a review before the photos are used.
 */
export default function CaptureDialog({ faces, onDone, onClose }: Props) {
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [shots, setShots] = useState<Partial<Record<Face, Shot>>>({});
  const [retaking, setRetaking] = useState<Face | null>(null);
  const face = retaking ?? faces.find((f) => !shots[f]) ?? null;

  useEffect(() => {
    let live: MediaStream | null = null;
    let cancelled = false;
    openRearCamera().then(
      (s) => {
        if (cancelled) s.getTracks().forEach((t) => t.stop());
        else setStream((live = s));
      },
      (err: unknown) => !cancelled && setProblem(err instanceof CameraProblem ? err : new CameraProblem('failed')),
    );
    return () => {
      cancelled = true;
      live?.getTracks().forEach((t) => t.stop());
    };
  }, []);
  const urls = useRef<string[]>([]);
  useEffect(() => () => urls.current.forEach((u) => URL.revokeObjectURL(u)), []);

  const captured = (f: Face, blob: Blob) => {
    const file = new File([blob], `${f}.jpg`, { type: blob.type || 'image/jpeg' });
    const url = URL.createObjectURL(file);
    urls.current.push(url);
    setShots((s) => ({ ...s, [f]: { file, url } }));
    setRetaking(null);
  };
  const title = problem
    ? 'Camera unavailable'
    : face
      ? `Photograph the ${FACE_NAME[face]}`
      : faces.length > 1
        ? 'Check your photos'
        : 'Check your photo';

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-0 z-50 flex h-dvh flex-col bg-slate-950 text-white"
          onOpenAutoFocus={(e) => e.preventDefault()}
        >
          <div className="flex shrink-0 items-center justify-between gap-2 px-3 py-2">
            <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" className="text-white hover:bg-white/10 hover:text-white" aria-label="Close camera">
                <X aria-hidden />
              </Button>
            </Dialog.Close>
          </div>
          {problem ? (
            <div className="grid content-start gap-4 p-4">
              <Alert variant="destructive" className="text-slate-900">
                <AlertTitle>We cannot use the camera</AlertTitle>
                <AlertDescription>{problem.message}</AlertDescription>
              </Alert>
              <Button onClick={onClose}>Choose photos from your files</Button>
            </div>
          ) : face ? (
            <LiveView
              key={`${face}-${retaking ? 'retake' : 'first'}`}
              face={face}
              step={faces.indexOf(face) + 1}
              steps={faces.length}
              stream={stream}
              armed={face === faces[0] || !!retaking}
              onCaptured={(blob) => captured(face, blob)}
            />
          ) : (
            <Review
              faces={faces}
              shots={shots}
              onRetake={setRetaking}
              onUse={() => onDone(Object.fromEntries(faces.map((f) => [f, shots[f]!.file])))}
            />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

type LiveProps = {
  face: Face;
  step: number;
  steps: number;
  stream: MediaStream | null;
  /** False right after the previous face: the card must move (be turned over) before auto-capture. */
  armed: boolean;
  onCaptured: (blob: Blob) => void;
};

function LiveView({ face, step, steps, stream, armed: startArmed, onCaptured }: LiveProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [reading, setReading] = useState<FrameReading | null>(null);
  const [steady, setSteady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const checks = useMemo(() => evaluateChecks(reading, size ?? NO_SIZE, CAPTURE_LIMITS), [reading, size]);
  const track = stream?.getVideoTracks()[0] ?? null;

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !stream) return;
    video.srcObject = stream;
    const ready = () => setSize({ width: video.videoWidth, height: video.videoHeight });
    video.addEventListener('loadedmetadata', ready);
    void video.play().catch(() => undefined);
    if (video.videoWidth) ready();
    return () => video.removeEventListener('loadedmetadata', ready);
  }, [stream]);

  const worker = useMemo(() => new Worker(new URL('./capture.worker.ts', import.meta.url), { type: 'module' }), []);
  useEffect(() => () => worker.terminate(), [worker]);

  // One frame at a time: the next is sent when the worker answers, so checks never queue up behind the camera.
  const check = useCallback(
    (source: FrameSource, stillSize: { width: number; height: number }, near: Quad | null) =>
      new Promise<FrameResponse>((resolve) => {
        const id = Math.random();
        const onMessage = (e: MessageEvent<FrameResponse>) => {
          if (e.data.id !== id) return;
          worker.removeEventListener('message', onMessage);
          resolve(e.data);
        };
        worker.addEventListener('message', onMessage);
        const request: FrameRequest = { id, face, source, still: stillSize, near };
        worker.postMessage(request, [source]);
      }),
    [worker, face],
  );

  const shutter = useRef<() => Promise<void>>(async () => undefined);
  // The latest shutter, for the check loop and the button (refs are written after render, never during).
  useEffect(() => {
    shutter.current = async () => {
      const video = videoRef.current;
      if (!video || !track || !size || busy) return;
      setBusy(true);
      try {
        const blob = await takeStill(video, track);
        // The still is checked again at its own size: the hand may have moved between frame and shutter.
        // Read whole (no outline to trace on), as the grader reads it; the worker scales it down.
        const bitmap = await createImageBitmap(blob);
        const stillSize = { width: bitmap.width, height: bitmap.height };
        const { reading: r } = await check(bitmap, stillSize, null);
        const stillChecks = evaluateChecks(r, stillSize, CAPTURE_LIMITS);
        if (manual.current || allMet(stillChecks)) onCaptured(blob);
        else setNotice(`The photo was not kept: ${nextHint(stillChecks, false)}`);
      } finally {
        manual.current = false;
        setBusy(false);
      }
    };
  });
  const manual = useRef(false);
  const armedRef = useRef(startArmed);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !size || busy) return;
    let stopped = false;
    // Armed stays armed when the loop restarts after a still that was not kept.
    let guide = startGuide(armedRef.current);
    let sentAt = 0;
    const request = async () => {
      if (video.readyState < 2 || !video.videoWidth) return null;
      sentAt = performance.now();
      return check(await grabFrame(video), size, traceFrom(guide, sentAt));
    };
    const loop = async () => {
      let next = request();
      while (!stopped) {
        const answer = await next;
        if (stopped) return;
        if (!answer) {
          await sleep(MIN_INTERVAL_MS);
          next = request();
          continue;
        }
        const r = answer.reading;
        // For the keep-up test: the worker's own time (CPU throttling in devtools slows the page, not its workers).
        performance.mark('capture-check', { detail: { ms: answer.ms, tracked: r.tracked } });
        const now = performance.now();
        const step = guideStep(guide, r, now, size, CAPTURE_LIMITS);
        guide = step.state;
        armedRef.current = guide.armed;
        if (step.capture) {
          setReading(r);
          void shutter.current();
          return;
        }
        // Waiting only when the check was quicker than the interval: a zero timeout still waits for a
        // task turn, and on a slow (throttled) main thread each turn is long.
        const wait = MIN_INTERVAL_MS - (performance.now() - sentAt);
        if (wait > 0) await sleep(wait);
        if (stopped) return;
        // The next frame goes to the worker before this reading is drawn: the drawing overlaps its check.
        next = request();
        setReading(r);
        setSteady(steadyMs(guide.steadiness, now) > 0);
      }
    };
    void loop();
    return () => {
      stopped = true;
    };
  }, [size, busy, check]);

  const ok = allMet(checks);
  const hint = busy ? 'Taking the photo…' : nextHint(checks, steady);
  return (
    <>
      <div className="relative min-h-0 flex-1 bg-black">
        <video ref={videoRef} playsInline muted autoPlay aria-hidden className="absolute inset-0 size-full object-contain" />
        {size && <Overlay size={size} reading={reading} ok={ok} />}
      </div>
      <div className="grid shrink-0 grid-cols-[minmax(0,1fr)] gap-2 px-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] pt-2">
        <p role="status" className="min-h-12 text-base font-semibold">
          {notice && <span className="block text-sm font-normal text-amber-300">{notice}</span>}
          {hint}
        </p>
        <ul aria-label="Photo checks" aria-live="polite" className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm sm:grid-cols-4">
          {checks.map((c) => (
            <CheckItem key={c.id} check={c} />
          ))}
        </ul>
        <div className="flex items-center justify-between gap-3">
          <span className="text-sm text-slate-300">
            {FACE_NAME[face][0].toUpperCase() + FACE_NAME[face].slice(1)}
            {steps > 1 && ` (${step} of ${steps})`}
          </span>
          <Button
            size="lg"
            variant="gold"
            disabled={!size || busy}
            onClick={() => {
              manual.current = true;
              void shutter.current();
            }}
          >
            <Camera aria-hidden />
            Take photo
          </Button>
        </div>
      </div>
    </>
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The video's current frame for the worker: a VideoFrame where the browser has one (a handle on the
 * decoded frame, transferred, not copied: the worker scales it), else an ImageBitmap of it.
 */
async function grabFrame(video: HTMLVideoElement): Promise<FrameSource> {
  if (typeof VideoFrame !== 'undefined') {
    try {
      return new VideoFrame(video);
    } catch {
      // No frame decoded yet, or no WebCodecs for this video: the bitmap below.
    }
  }
  return createImageBitmap(video);
}

/** Drawn again only when its state changes (readings come several times a second, states rarely change). */
const CheckItem = memo(
  function CheckItem({ check }: { check: Check }) {
    return (
      <li data-check={check.id} data-state={check.state} className="flex items-center gap-1.5">
        {check.state === 'met' ? (
          <CheckIcon aria-hidden className="size-4 shrink-0 text-green-400" />
        ) : (
          <Circle aria-hidden className={cn('size-4 shrink-0', check.state === 'unmet' ? 'text-amber-400' : 'text-slate-500')} />
        )}
        <span className={cn(check.state === 'pending' && 'text-slate-400')}>
          {check.label}
          <span className="sr-only">: {STATE_TEXT[check.state]}</span>
        </span>
      </li>
    );
  },
  (a, b) => a.check.state === b.check.state && a.check.label === b.check.label,
);

/** The guide outline where the card should lie, and the outline the engine found (green once all checks hold). */
function Overlay({ size, reading, ok }: { size: { width: number; height: number }; reading: FrameReading | null; ok: boolean }) {
  const { width: w, height: h } = size;
  const gh = Math.min(h * GUIDE_FILL, (w * GUIDE_FILL) / CARD_ASPECT);
  const gw = gh * CARD_ASPECT;
  const k = reading ? w / reading.frame.width : 1;
  const quad = reading?.corners?.map((p) => `${(p.x * k).toFixed(1)},${(p.y * k).toFixed(1)}`).join(' ');
  const stroke = Math.max(w, h) / 250;
  return (
    <svg viewBox={`0 0 ${w} ${h}`} preserveAspectRatio="xMidYMid meet" aria-hidden className="absolute inset-0 size-full">
      <rect
        x={(w - gw) / 2}
        y={(h - gh) / 2}
        width={gw}
        height={gh}
        rx={gw * 0.05}
        fill="none"
        stroke="white"
        strokeOpacity={0.8}
        strokeWidth={stroke}
        strokeDasharray={`${stroke * 4} ${stroke * 3}`}
      />
      {quad && (
        <polygon
          points={quad}
          fill={ok ? '#22c55e' : '#f59e0b'}
          fillOpacity={0.12}
          stroke={ok ? '#4ade80' : '#fbbf24'}
          strokeWidth={stroke * 1.5}
          strokeLinejoin="round"
        />
      )}
    </svg>
  );
}

function Review({
  faces,
  shots,
  onRetake,
  onUse,
}: {
  faces: Face[];
  shots: Partial<Record<Face, Shot>>;
  onRetake: (f: Face) => void;
  onUse: () => void;
}) {
  return (
    <div className="grid min-h-0 flex-1 content-start gap-4 overflow-y-auto p-3">
      <ul className={cn('grid gap-3', faces.length > 1 && 'grid-cols-2')} aria-label="Captured photos">
        {faces.map((f) => (
          <li key={f} className="grid gap-2">
            <img src={shots[f]!.url} alt={`Captured ${FACE_NAME[f]}`} className="max-h-[55dvh] w-full rounded-lg bg-black object-contain" />
            <Button variant="outline" className="text-slate-900" onClick={() => onRetake(f)}>
              <RotateCcw aria-hidden />
              Retake {FACE_NAME[f]}
            </Button>
          </li>
        ))}
      </ul>
      <Button size="lg" onClick={onUse}>
        {faces.length > 1 ? 'Use these photos' : 'Use this photo'}
      </Button>
    </div>
  );
}
