import { vi } from 'vitest';

type Handler = (body: unknown, url: string) => { status?: number; json?: unknown } | Promise<{ status?: number; json?: unknown }>;

/**
 * Replaces fetch with a table of "METHOD /path" handlers; anything else answers 404 so a test
 * notices a call it did not expect. Returns the list of calls made.
 */
export function mockApi(routes: Record<string, Handler>) {
  const calls: { method: string; url: string; body: unknown; headers: Record<string, string> }[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    calls.push({ method, url: input, body, headers: (init.headers ?? {}) as Record<string, string> });
    const handler = routes[`${method} ${input.split('?')[0]}`];
    const answer = handler ? await handler(body, input) : { status: 404, json: { message: `No mock for ${method} ${input}` } };
    return new Response(answer.json === undefined ? null : JSON.stringify(answer.json), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}
