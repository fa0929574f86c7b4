import fs from 'node:fs';
import { expect, it } from 'vitest';
import { OPENAPI_FILE, generateOpenApi } from './openapi';

it('docs/openapi.json matches the routes (run `npm run openapi` after changing one)', async () => {
  const committed = fs.readFileSync(OPENAPI_FILE, 'utf8');
  expect(await generateOpenApi()).toBe(committed);
});
