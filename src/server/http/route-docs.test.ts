/**
 * Walks every operation of the OpenAPI document (built from the app's own routes, like the access
 * and ownership tests) and fails when one lacks a summary, a known tag, a success response with a
 * schema, or the error body under 4XX and 5XX. A new route fails here until it is documented.
 */
import { expect, it } from 'vitest';
import { API_TAGS } from '@contract/common';
import { generateOpenApi } from '../../../scripts/openapi';

type Operation = {
  summary?: string;
  tags?: string[];
  requestBody?: unknown;
  responses?: Record<string, { content?: Record<string, { schema?: unknown }>; description?: string }>;
};

it('documents every operation: summary, one known tag, its success and error bodies', async () => {
  const doc = JSON.parse(await generateOpenApi()) as { paths: Record<string, Record<string, Operation>> };
  const problems: string[] = [];
  let count = 0;
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const [method, op] of Object.entries(item)) {
      count++;
      const name = `${method.toUpperCase()} ${path}`;
      if (!op.summary) problems.push(`${name}: no summary`);
      if (op.tags?.length !== 1 || !(API_TAGS as readonly string[]).includes(op.tags[0]))
        problems.push(`${name}: tags ${JSON.stringify(op.tags)}`);
      const responses = op.responses ?? {};
      const success = Object.keys(responses).filter((s) => /^[23]/.test(s));
      if (!success.length) problems.push(`${name}: no success response`);
      for (const s of ['4XX', '5XX'])
        if (!responses[s]?.content?.['application/json']?.schema) problems.push(`${name}: no ${s} error body`);
    }
  }
  expect(count).toBeGreaterThan(50);
  expect(problems).toEqual([]);
});

it('documents the request body of the two photo uploads', async () => {
  const doc = JSON.parse(await generateOpenApi()) as { paths: Record<string, Record<string, Operation>> };
  for (const [path, method] of [
    ['/api/user-cards', 'post'],
    ['/api/user-cards/{id}/photos', 'post'],
    ['/api/grading/test-detection', 'post'],
  ] as const) {
    const body = doc.paths[path]?.[method]?.requestBody as { content?: Record<string, unknown> } | undefined;
    expect(body?.content?.['multipart/form-data'], `${method} ${path}`).toBeDefined();
  }
});
