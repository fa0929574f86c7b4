import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { EngineRefusal } from '../../../engine/index';
import { generateSyntheticCard } from '../../../card-fixtures/synthetic/generator';
import { EngineBusy, createEnginePool } from './pool';

const slow = 120_000;
const pool = createEnginePool({ size: 1, maxQueue: 1 });
afterAll(() => pool.close());

describe('engine pool', () => {
  it(
    'grades in a thread: the event loop keeps ticking, progress and evidence come back',
    async () => {
      const card = await generateSyntheticCard(31, { defectRate: 0.5 });
      await pool.preview({ face: 'front', photo: card.front }); // thread started and warm
      let last = performance.now(),
        worstGap = 0;
      const ticker = setInterval(() => {
        const now = performance.now();
        worstGap = Math.max(worstGap, now - last);
        last = now;
      }, 5);
      const steps: string[] = [];
      const t0 = performance.now();
      const { report, evidence } = await pool.grade({ front: card.front, back: card.back }, (step) => steps.push(step));
      const took = performance.now() - t0;
      clearInterval(ticker);
      expect(report.psaGrade).toBeGreaterThanOrEqual(1);
      expect(steps).toContain('back: surface');
      expect(Buffer.isBuffer(evidence.frontAnnotated)).toBe(true);
      expect((await sharp(evidence.frontAnnotated).metadata()).format).toBe('jpeg');
      // On the loop, one grading blocks it for its whole second; in a thread the loop only waits for messages.
      expect(worstGap).toBeLessThan(Math.max(150, took / 4));
    },
    slow,
  );

  it(
    'gives a refusal back as an EngineRefusal with its code and sentence',
    async () => {
      const grey = await sharp({ create: { width: 900, height: 1200, channels: 3, background: { r: 120, g: 120, b: 120 } } })
        .jpeg()
        .toBuffer();
      const err = await pool.preview({ face: 'back', photo: grey }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(EngineRefusal);
      expect((err as EngineRefusal).code).toBe('no_card_found');
      expect((err as EngineRefusal).message).toMatch(/^Back photo: No card was found/);
    },
    slow,
  );

  it(
    'refuses work beyond its bounded queue at once, and finishes what it accepted',
    async () => {
      const card = await generateSyntheticCard(32, {});
      const running = pool.preview({ face: 'front', photo: card.front });
      const queued = pool.preview({ face: 'back', photo: card.back });
      await expect(pool.preview({ face: 'back', photo: card.back })).rejects.toBeInstanceOf(EngineBusy);
      // A grading is never turned away: it was claimed and paid for, so it waits its turn.
      const grading = pool.grade({ front: card.front, back: card.back });
      await expect(Promise.all([running, queued])).resolves.toHaveLength(2);
      expect((await grading).report.psaGrade).toBeGreaterThanOrEqual(1);
      expect(pool.load()).toEqual({ running: 0, queued: 0 });
    },
    slow,
  );

  it(
    'works from a bundled build with engine-worker.ts bundled as its own entry beside the server bundle',
    async () => {
      const dir = path.resolve('.tmp/pool-bundle-test');
      fs.rmSync(dir, { recursive: true, force: true });
      fs.mkdirSync(dir, { recursive: true });
      const main = path.join(dir, 'main-src.ts');
      const poolPath = path.resolve('src/server/grading/engine-pool/pool.ts');
      fs.writeFileSync(
        main,
        `import { createEnginePool } from ${JSON.stringify(poolPath)};
       import fs from 'node:fs';
       const pool = createEnginePool({ size: 1 });
       const p = await pool.preview({ face: 'front', photo: fs.readFileSync(process.argv[2]) });
       console.log(JSON.stringify({ corners: p.corners.length, measurable: p.centering.measurable }));
       await pool.close();`,
      );
      await build({
        entryPoints: { main, 'engine-worker': path.resolve('src/server/grading/engine-pool/engine-worker.ts') },
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node24',
        outdir: dir,
        outExtension: { '.js': '.mjs' },
        packages: 'external',
        logLevel: 'error',
        tsconfig: path.resolve('tsconfig.json'),
      });
      const card = await generateSyntheticCard(33, {});
      fs.writeFileSync(path.join(dir, 'front.jpg'), card.front);
      const out = execFileSync(process.execPath, [path.join(dir, 'main.mjs'), path.join(dir, 'front.jpg')], { encoding: 'utf8' });
      expect(JSON.parse(out)).toEqual({ corners: 4, measurable: true });
    },
    slow,
  );
});
