/**
 * The engine pool: grading and test detection run in worker threads, so the web process's event
 * loop never runs pixel loops (a grading is about a second of CPU; on the loop it stalled every
 * request for that long). One task per thread at a time; tasks beyond the threads wait in a
 * bounded queue, and a full queue answers EngineBusy at once instead of piling up photos in memory.
 *
 * Threads start on first use and are unref'd while idle, so a process with nothing queued (a test,
 * the command line) can exit. The thread's entry is engine-worker.ts beside this file: under tsx or
 * Vitest it is loaded through tsx-bootstrap.mjs; in a bundled build it must be bundled as its own
 * entry (`engine-worker.mjs` or `.js`, the same extension as the bundle holding this module) into
 * the same directory as that bundle.
 */
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { EngineRefusal, type RefusalCode, type DetectionPreview } from '../../../engine/index';
import { reviveBuffers, type GradeTaskInput, type GradeTaskResult, type PreviewTaskInput, type TaskReply, type TaskRequest } from './tasks';

/** Thrown when the queue is full: the caller should ask the user to try again shortly. */
export class EngineBusy extends Error {
  constructor() {
    super('The grading engine is busy. Try again in a minute.');
    this.name = 'EngineBusy';
  }
}

export type EnginePoolOptions = {
  /** Threads. Default: one core less than the machine has (the event loop keeps one), at least 1. */
  size?: number;
  /** Tasks that may wait for a thread; more are refused with EngineBusy. */
  maxQueue?: number;
};

type Pending = {
  request: TaskRequest;
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
  onProgress?: (step: string, done: number) => void;
};
type Slot = { worker: Worker; task: Pending | null };

export const defaultPoolSize = () => Math.max(1, os.availableParallelism() - 1);

/** The thread entry beside this module. */
function workerEntry(): URL {
  const self = import.meta.url;
  // Source (tsx, Vitest): a small .mjs registers tsx in the thread, then loads engine-worker.ts.
  if (/\.[cm]?ts$/.test(self)) return new URL('./tsx-bootstrap.mjs', self);
  const ext = /\.(c?js|mjs)$/.exec(self)?.[1] ?? 'mjs';
  return new URL(`./engine-worker.${ext}`, self);
}

export function createEnginePool(options: EnginePoolOptions = {}) {
  const size = Math.max(1, Math.floor(options.size ?? defaultPoolSize()));
  const maxQueue = options.maxQueue ?? size * 8;
  const slots: Slot[] = [];
  const queue: Pending[] = [];
  let nextId = 1;
  let closed = false;

  function spawn(): Slot {
    const worker = new Worker(fileURLToPath(workerEntry()));
    const slot: Slot = { worker, task: null };
    worker.on('message', (reply: TaskReply) => {
      const task = slot.task;
      if (!task || reply.id !== task.request.id) return;
      if (reply.kind === 'progress') return task.onProgress?.(reply.step, reply.done);
      slot.task = null;
      if (reply.kind === 'done') task.resolve(reviveBuffers(reply.result));
      else if (reply.refusal)
        task.reject(
          Object.assign(new EngineRefusal(reply.refusal.code as RefusalCode, reply.refusal.face), { message: reply.refusal.message }),
        );
      else task.reject(Object.assign(new Error(reply.message), { stack: reply.stack }));
      dispatch();
    });
    // A thread that dies (out of memory, a native crash) fails its task and is replaced on demand.
    const lost = (err: Error) => {
      const i = slots.indexOf(slot);
      if (i >= 0) slots.splice(i, 1);
      const task = slot.task;
      slot.task = null;
      task?.reject(err);
      dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`The engine thread stopped (exit code ${code}).`)));
    slots.push(slot);
    return slot;
  }

  function dispatch() {
    while (queue.length && !closed) {
      const slot = slots.find((s) => !s.task) ?? (slots.length < size ? spawn() : null);
      if (!slot) break;
      const task = queue.shift()!;
      slot.task = task;
      slot.worker.ref();
      slot.worker.postMessage(task.request);
    }
    // Idle threads must not keep the process alive; busy ones must (their result is awaited).
    for (const s of slots) if (!s.task) s.worker.unref();
  }

  function submit<T>(request: Omit<TaskRequest, 'id'>, onProgress?: Pending['onProgress']): Promise<T> {
    if (closed) return Promise.reject(new Error('The engine pool is closed.'));
    const busy = slots.filter((s) => s.task).length;
    // Only test-detection previews are turned away when the queue is full (503, "try again"). A grading
    // has been claimed and paid for: it waits its turn, since refusing it would fail it and refund it.
    if (request.kind === 'preview' && busy >= size && queue.length >= maxQueue) return Promise.reject(new EngineBusy());
    return new Promise<T>((resolve, reject) => {
      queue.push({ request: { ...request, id: nextId++ } as TaskRequest, resolve: resolve as (v: unknown) => void, reject, onProgress });
      dispatch();
    });
  }

  return {
    size,
    /** Grades a card in a thread; the report and the evidence images come back. */
    grade: (input: GradeTaskInput, onProgress?: (step: string, done: number) => void) =>
      submit<GradeTaskResult>({ kind: 'grade', input }, onProgress),
    /** Test detection of one photo in a thread. */
    preview: (input: PreviewTaskInput) => submit<DetectionPreview>({ kind: 'preview', input }),
    /** Tasks running and waiting, for tests and metrics. */
    load: () => ({ running: slots.filter((s) => s.task).length, queued: queue.length }),
    async close() {
      closed = true;
      for (const t of queue.splice(0)) t.reject(new Error('The engine pool is closed.'));
      await Promise.all(slots.splice(0).map((s) => s.worker.terminate()));
    },
  };
}
export type EnginePool = ReturnType<typeof createEnginePool>;

let shared: EnginePool | null = null;
/** The process's pool, created on first use (its threads start lazily too). */
export function sharedEnginePool(): EnginePool {
  return (shared ??= createEnginePool());
}
