/**
 * Entry of one engine pool thread: receives grading and test-detection tasks, runs the engine's
 * pixel loops here (never on the web process's event loop) and posts progress and the result back.
 * A bundled build must bundle this file as its own entry next to the server's (see pool.ts).
 */
import { parentPort } from 'node:worker_threads';
import { EngineRefusal } from '../../../engine/index';
import { runGrade, runPreview, type TaskReply, type TaskRequest } from './tasks';

const port = parentPort;
if (!port) throw new Error('engine-worker runs only as a worker thread (see engine-pool/pool.ts).');

port.on('message', async (task: TaskRequest) => {
  const reply = (message: TaskReply) => port.postMessage(message);
  try {
    const result =
      task.kind === 'grade'
        ? await runGrade(task.input, (step, done) => reply({ id: task.id, kind: 'progress', step, done }))
        : await runPreview(task.input);
    reply({ id: task.id, kind: 'done', result });
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    reply({
      id: task.id,
      kind: 'error',
      message: e.message,
      stack: e.stack,
      refusal: err instanceof EngineRefusal ? { code: err.code, face: err.face, message: err.message } : undefined,
    });
  }
});
