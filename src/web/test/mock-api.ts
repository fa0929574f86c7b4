import { afterEach, expect, vi } from 'vitest';
import type { z } from 'zod';
import { API_ROUTES, type ApiRoute } from '@contract/api-routes';

type Handler = (body: unknown, url: string) => { status?: number; json?: unknown } | Promise<{ status?: number; json?: unknown }>;

/** The contract routes as patterns, literal ones first: `/api/user-cards/facets` is not `/api/user-cards/:id`. */
const PATTERNS = (Object.keys(API_ROUTES) as ApiRoute[])
  .map((name) => {
    const [method, path] = name.split(' ');
    const params = (path.match(/:\w+/g) ?? []).length;
    return { name, method, params, re: new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}$`) };
  })
  .sort((a, b) => a.params - b.params);

/** The contract route a concrete "METHOD /path" reaches, as the server's router would pick it. */
export function contractRouteOf(method: string, path: string): ApiRoute | undefined {
  return PATTERNS.find((p) => p.method === method && p.re.test(path))?.name;
}

/** Mocked answers that do not match their route's response schema, reported after each test. */
const drift: string[] = [];
afterEach(() => {
  const found = drift.splice(0).join('\n');
  expect(found, 'a mocked answer differs from the contract').toBe('');
});

/** What is wrong with a mocked answer of `route`, or null: a 2xx answer must parse with its response schema. */
export function driftOf(route: ApiRoute, answer: { status?: number; json?: unknown }): string | null {
  const status = answer.status ?? 200;
  if (status < 200 || status > 299 || status === 204 || answer.json === undefined) return null;
  const schema: z.ZodType = API_ROUTES[route].response;
  const parsed = schema.safeParse(answer.json);
  if (parsed.success) return null;
  return parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'} ${i.message}`).join('; ');
}

/**
 * Replaces fetch with a table of "METHOD /path" handlers; anything else answers 404 so a test
 * notices a call it did not expect. Returns the list of calls made. Every key must name a route of
 * the contract, and every 2xx answer must parse with that route's response schema (checked after
 * the test), so a mock cannot drift from what the server sends.
 */
export function mockApi(routes: Record<string, Handler>) {
  for (const key of Object.keys(routes)) {
    const [method, path] = key.split(' ');
    if (!contractRouteOf(method, path)) throw new Error(`mockApi: ${key} is not a route of the contract (API_ROUTES)`);
  }
  const calls: { method: string; url: string; body: unknown; headers: Record<string, string> }[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    calls.push({ method, url: input, body, headers: (init.headers ?? {}) as Record<string, string> });
    const key = `${method} ${input.split('?')[0]}`;
    const handler = key in routes ? routes[key] : undefined;
    const answer = handler ? await handler(body, input) : { status: 404, json: { message: `No mock for ${method} ${input}` } };
    if (handler) {
      const route = contractRouteOf(method, key.slice(method.length + 1))!;
      const problem = driftOf(route, answer);
      if (problem) drift.push(`${key} (${route}): ${problem}`);
    }
    return new Response(answer.json === undefined ? null : JSON.stringify(answer.json), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}
