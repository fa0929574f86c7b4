import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateSyntheticCard } from '../src/card-fixtures/synthetic/generator';

const run = promisify(execFile);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grade-cli-'));
// GRADE_THREADS=1: the back face always goes through the worker thread here (engine tests cover the in-process path).
const cli = (args: string[]) =>
  run(process.execPath, ['scripts/run-bundled.mjs', 'scripts/grade.ts', ...args], {
    encoding: 'utf8',
    env: { ...process.env, GRADE_THREADS: '1' },
  }).then(
    (r) => ({ code: 0, out: r.stdout }),
    (e: { code: number; stdout: string }) => ({ code: e.code, out: e.stdout }),
  );

beforeAll(async () => {
  const card = await generateSyntheticCard(41, { defectRate: 0.5 });
  fs.writeFileSync(path.join(dir, 'front.jpg'), card.front);
  fs.writeFileSync(path.join(dir, 'back.jpg'), card.back);
  fs.writeFileSync(path.join(dir, 'blank.png'), Buffer.from('no'));
}, 60_000);

describe('npm run grade', () => {
  it('prints one JSON report with the documented fields and writes evidence with --out', async () => {
    const out = path.join(dir, 'out');
    const { code, out: stdout } = await cli([
      '--front',
      path.join(dir, 'front.jpg'),
      '--back',
      path.join(dir, 'back.jpg'),
      '--out',
      out,
      '--json',
    ]);
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    for (const key of [
      'psaGrade',
      'bgsGrade',
      'cgcGrade',
      'centeringScore',
      'cornersScore',
      'edgesScore',
      'surfaceScore',
      'confidence',
      'recommendedPlatform',
      'centeringDecisionLog',
      'cornersDecisionLog',
      'edgesDecisionLog',
      'surfaceDecisionLog',
    ])
      expect(report).toHaveProperty(key);
    expect(typeof report.centeringDecisionLog.front.horizontal).toBe('number');
    expect(typeof report.centeringDecisionLog.back.vertical).toBe('number');
    expect(Object.keys(report.cornersDecisionLog.details).sort()).toEqual([
      'backBottomLeft',
      'backBottomRight',
      'backTopLeft',
      'backTopRight',
      'frontBottomLeft',
      'frontBottomRight',
      'frontTopLeft',
      'frontTopRight',
    ]);
    expect(Array.isArray(report.surfaceDecisionLog.frontIssues)).toBe(true);
    const files = fs.readdirSync(out);
    expect(files).toEqual(
      expect.arrayContaining(['frontAnnotated.jpg', 'backAnnotated.jpg', 'frontTopLeftCorner.jpg', 'backRightEdge.jpg', 'report.json']),
    );
    expect(files.filter((f) => f.endsWith('Corner.jpg'))).toHaveLength(8);
    expect(files.filter((f) => f.endsWith('Edge.jpg'))).toHaveLength(8);
  }, 60_000);

  it('exits 3 with an error object when a photo is refused', async () => {
    const { code, out } = await cli(['--front', path.join(dir, 'blank.png'), '--back', path.join(dir, 'back.jpg'), '--json']);
    expect(code).toBe(3);
    expect(JSON.parse(out)).toEqual({ error: { code: 'invalid_image', message: expect.stringContaining('Front photo') } });
  }, 60_000);

  it('exits 2 when a photo is missing', async () => {
    const { code, out } = await cli(['--front', path.join(dir, 'front.jpg'), '--json']);
    expect(code).toBe(2);
    expect(JSON.parse(out).error.code).toBe('bad_arguments');
  }, 60_000);
});
