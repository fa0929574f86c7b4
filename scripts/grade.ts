/**
 * Grade a card from the command line:
 *   npm run --silent grade -- --front F --back B [--corner frontTopLeft=PATH ...] [--detail PATH ...]
 *                             [--raw-value USD] [--out DIR] --json
 * Prints one JSON report. A refused photo exits with status 3 and {"error": {"code", "message"}};
 * bad arguments exit with status 2.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isMainThread } from 'node:worker_threads';
import {
  CLOSE_UP_NAMES,
  EngineRefusal,
  gradeCard,
  renderEvidence,
  serveFaceAnalysis,
  threadedFaceAnalyser,
  type CloseUpName,
} from '../src/engine';

function fail(status: number, code: string, message: string): never {
  process.stdout.write(`${JSON.stringify({ error: { code, message } })}\n`);
  process.exit(status);
}

let args: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    options: {
      front: { type: 'string' },
      back: { type: 'string' },
      corner: { type: 'string', multiple: true },
      detail: { type: 'string', multiple: true },
      'raw-value': { type: 'string' },
      out: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  }).values;
}
/** Grades the card the arguments name; runs only in the main thread. */
async function main() {
  try {
    args = parse();
  } catch (err) {
    fail(2, 'bad_arguments', (err as Error).message);
  }
  if (args.help) {
    console.log(
      'Usage: npm run --silent grade -- --front F --back B [--corner frontTopLeft=PATH ...] [--detail PATH ...] [--raw-value USD] [--out DIR] --json',
    );
    process.exit(0);
  }
  if (!args.front || !args.back) fail(2, 'bad_arguments', 'Both --front and --back photos are required.');

  const read = (file: string) => {
    try {
      return fs.readFileSync(file);
    } catch {
      fail(2, 'file_not_found', `Cannot read ${file}.`);
    }
  };
  const closeUps: Partial<Record<CloseUpName, Buffer>> = {};
  for (const spec of args.corner ?? []) {
    const [name, file] = spec.split('=');
    if (!CLOSE_UP_NAMES.includes(name as CloseUpName) || !file)
      fail(2, 'bad_arguments', `--corner takes NAME=PATH with NAME one of ${CLOSE_UP_NAMES.join(', ')}.`);
    closeUps[name as CloseUpName] = read(file);
  }
  const rawValue = args['raw-value'] === undefined ? undefined : Number(args['raw-value']);
  if (rawValue !== undefined && !(rawValue >= 0)) fail(2, 'bad_arguments', '--raw-value must be a number of US dollars.');

  // Both faces are graded here at once: each photo decodes on sharp's own threads while the other face
  // is measured. A second JS thread for the back (GRADE_THREADS=1; it loads this same bundled script)
  // measured slower on this 2-core machine, idle: p50 0.67 s against 0.63 s for one card of 2.3 MP, and
  // 0.83–0.86 s against 0.75–0.88 s at 12 MP, because the thread pays its own start-up and sharp load.
  const secondThread = process.env.GRADE_THREADS === '1';
  const threaded = secondThread && /\.m?js$/.test(import.meta.url) ? threadedFaceAnalyser(new URL(import.meta.url)) : null;
  threaded?.warm();
  try {
    const { report, faces } = await gradeCard({
      front: read(args.front),
      back: read(args.back),
      closeUps,
      details: (args.detail ?? []).map(read),
      rawValueUsd: rawValue,
      analyse: threaded?.analyse,
    });
    if (args.out) {
      fs.mkdirSync(args.out, { recursive: true });
      const images = await renderEvidence([faces.front, faces.back]);
      for (const [name, buf] of Object.entries(images)) fs.writeFileSync(path.join(args.out, `${name}.jpg`), buf);
      fs.writeFileSync(path.join(args.out, 'report.json'), JSON.stringify(report, null, 2));
    }
    process.stdout.write(`${JSON.stringify(report, null, args.json ? 0 : 2)}\n`);
  } catch (err) {
    if (err instanceof EngineRefusal) fail(3, err.code, err.message);
    throw err;
  }
}

// In the face-analysis thread this script only serves the back face (engine/face-thread.ts).
if (isMainThread) await main();
else serveFaceAnalysis();
