/**
 * Words match numbers: every tilt limit the web app states to collectors (tips, photo checks, the
 * photography guide) is the engine's own, MAX_RECTIFIED_TILT_DEG. The guide is Markdown and cannot
 * import the constant, so this reads every page source for a stated tilt.
 */
import fs from 'node:fs';
import { expect, it } from 'vitest';
import { MAX_RECTIFIED_TILT_DEG } from './photo-limits';

const sources = fs
  .globSync('src/web/**/*.{ts,tsx,md}', { exclude: ['**/*.test.*'] })
  .map((file) => ({ file, text: fs.readFileSync(file, 'utf8') }));

it('states the tilt the engine straightens wherever the web app names one', () => {
  // "up to 25°", "up to ${MAX_RECTIFIED_TILT_DEG}°", "by up to 25 degrees": the app names no other angle limit.
  const stated = sources.flatMap(({ file, text }) =>
    [...text.matchAll(/up to (\d+|\$\{MAX_RECTIFIED_TILT_DEG\})\s*(?:°|degrees)/gi)].map((m) => ({
      file,
      value: m[1],
    })),
  );
  expect(stated.length).toBeGreaterThanOrEqual(3);
  for (const s of stated)
    expect(s, s.file).toMatchObject({
      value: expect.stringMatching(new RegExp(`^(${MAX_RECTIFIED_TILT_DEG}|\\$\\{MAX_RECTIFIED_TILT_DEG\\})$`)),
    });
});
