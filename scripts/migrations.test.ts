import { execFileSync } from 'node:child_process';
import { expect, it } from 'vitest';

it('the committed migrations match the Drizzle schema (run `npm run db:generate` after changing it)', () => {
  const out = execFileSync('npx', ['drizzle-kit', 'generate', '--name', 'drift-check'], {
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  expect(out).toMatch(/No schema changes, nothing to migrate/);
}, 60_000);
