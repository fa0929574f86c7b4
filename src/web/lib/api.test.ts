import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, ApiError, errorMessage, fetchQueryKey } from './api';

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it("turns a non-OK answer into '{status}: {body}' and keeps the server's sentence", async () => {
    vi.stubGlobal('fetch', async () => new Response('{"message":"That username is taken.","field":"username"}', { status: 409 }));
    const err = (await apiRequest('POST', '/api/auth/register', {}).catch((e) => e)) as ApiError;
    expect(err.message).toBe('409: {"message":"That username is taken.","field":"username"}');
    expect(errorMessage(err)).toBe('That username is taken.');
    expect(err.field).toBe('username');
  });

  it("exposes the server's error code, or the status's usual one when the body has none (a proxy's page)", async () => {
    vi.stubGlobal('fetch', async () => new Response('{"code":"insufficient_credits","message":"No credits."}', { status: 402 }));
    expect(((await apiRequest('POST', '/x').catch((e) => e)) as ApiError).code).toBe('insufficient_credits');
    vi.stubGlobal('fetch', async () => new Response('<html>Too large</html>', { status: 413 }));
    expect(((await apiRequest('POST', '/x').catch((e) => e)) as ApiError).code).toBe('payload_too_large');
    vi.stubGlobal('fetch', async () => new Response('{"code":"made_up","message":"?"}', { status: 500 }));
    expect(((await apiRequest('GET', '/x').catch((e) => e)) as ApiError).code).toBe('internal');
  });

  it('falls back to the status text when the body is empty', async () => {
    vi.stubGlobal('fetch', async () => new Response(null, { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('GET', '/x')).rejects.toThrow('503: Service Unavailable');
  });

  it('sends credentials, JSON and the CSRF token on writes', async () => {
    document.cookie = 'csrf_token=tok123';
    const fetch = vi.fn(async () => new Response('{}', { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    await apiRequest('PUT', '/api/x', { a: 1 });
    expect(fetch).toHaveBeenCalledWith('/api/x', {
      method: 'PUT',
      credentials: 'include',
      body: '{"a":1}',
      headers: { 'content-type': 'application/json', 'x-csrf-token': 'tok123' },
    });
  });

  it('joins query key segments with / for the default fetcher', async () => {
    const fetch = vi.fn(async () => new Response('[]', { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    await fetchQueryKey({ queryKey: ['/api/binders', 'abc'] });
    expect(fetch).toHaveBeenCalledWith('/api/binders/abc', expect.objectContaining({ method: 'GET' }));
  });
});
