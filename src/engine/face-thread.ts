/**
 * One face analysed on a second thread. A grading is two independent face analyses of about the same
 * cost; on a machine with two cores, running the back on a worker thread while this thread measures
 * the front halves the wall time of a single grading (the command line's case; the server already
 * spreads whole gradings over its engine pool). The thread loads the script that started it, which
 * calls serveFaceAnalysis() when it is not the main thread (see scripts/grade.ts).
 */
import { Worker, parentPort, type MessagePort } from 'node:worker_threads';
import { analyseFace, type Face, type FaceAnalysis, type StepLog } from './face';
import { EngineRefusal, type RefusalCode } from './refusal';

/** Where gradeCard has a face analysed: in this thread by default. */
export type FaceAnalyser = (face: Face, photo: Buffer, onStep?: (step: StepLog) => void) => Promise<FaceAnalysis>;

type Request = { id: number; face: Face; photo: Uint8Array };
type Reply =
  | { id: number; kind: 'step'; step: StepLog }
  | { id: number; kind: 'done'; analysis: FaceAnalysis }
  | { id: number; kind: 'refused'; code: RefusalCode; face?: Face; message: string }
  | { id: number; kind: 'error'; message: string; stack?: string };

/** Thread side: analyses each face it is sent and posts its steps and result back. */
export function serveFaceAnalysis(port: MessagePort | null = parentPort): void {
  if (!port) throw new Error('serveFaceAnalysis runs only in a worker thread.');
  port.on('message', async ({ id, face, photo }: Request) => {
    const post = (reply: Reply) => port.postMessage(reply);
    try {
      const buf = Buffer.from(photo.buffer, photo.byteOffset, photo.byteLength);
      const analysis = await analyseFace(face, buf, (step) => post({ id, kind: 'step', step }));
      post({ id, kind: 'done', analysis });
    } catch (err) {
      if (err instanceof EngineRefusal) post({ id, kind: 'refused', code: err.code, face: err.face, message: err.message });
      else
        post({
          id,
          kind: 'error',
          message: err instanceof Error ? err.message : String(err),
          stack: err instanceof Error ? err.stack : undefined,
        });
    }
  });
}

/**
 * An analyser that sends `threadFaces` to one worker thread running `entry` and analyses the other
 * faces here. `warm()` starts the thread early so its start-up overlaps the caller's own work;
 * `close()` ends it (the thread is unref'd meanwhile, so it never keeps the process alive).
 */
export function threadedFaceAnalyser(entry: URL | string, threadFaces: Face[] = ['back']) {
  let worker: Worker | null = null;
  let nextId = 1;
  const waiting = new Map<number, { resolve: (a: FaceAnalysis) => void; reject: (e: Error) => void; onStep?: (s: StepLog) => void }>();
  const start = () => {
    if (worker) return worker;
    const w = new Worker(entry);
    w.unref();
    w.on('message', (reply: Reply) => {
      const job = waiting.get(reply.id);
      if (!job) return;
      if (reply.kind === 'step') return job.onStep?.(reply.step);
      waiting.delete(reply.id);
      if (!waiting.size) w.unref();
      if (reply.kind === 'done') job.resolve(reply.analysis);
      else if (reply.kind === 'refused') job.reject(Object.assign(new EngineRefusal(reply.code, reply.face), { message: reply.message }));
      else job.reject(Object.assign(new Error(reply.message), { stack: reply.stack }));
    });
    w.on('error', (err: Error) => {
      for (const job of waiting.values()) job.reject(err);
      waiting.clear();
      worker = null;
    });
    return (worker = w);
  };
  const analyse: FaceAnalyser = (face, photo, onStep) => {
    if (!threadFaces.includes(face)) return analyseFace(face, photo, onStep);
    const w = start();
    const id = nextId++;
    w.ref();
    return new Promise<FaceAnalysis>((resolve, reject) => {
      waiting.set(id, { resolve, reject, onStep });
      w.postMessage({ id, face, photo } satisfies Request);
    });
  };
  return { warm: () => void start(), analyse, close: () => worker?.terminate() };
}
