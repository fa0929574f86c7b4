import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiUrl } from '@contract/api-routes';
import { api } from './api-client';

afterEach(() => vi.unstubAllGlobals());

describe('typed api client', () => {
  it('fills path parameters (encoded), appends the query and sends the method of the route', async () => {
    const seen: { url: string; method?: string; body?: unknown }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      seen.push({ url, method: init.method, body: init.body });
      return new Response('{"message":"ok"}', { headers: { 'content-type': 'application/json' } });
    });
    const answer = await api('PUT /api/binders/:id/cards/:cardId', {
      params: { id: 'b 1', cardId: 'c/2' },
      body: { personalNotes: null, actualPurchasePrice: 12.5 },
    });
    expect(answer.message).toBe('ok');
    // @ts-expect-error -- the answer is typed from the contract: a field it does not have fails the type check
    void answer.messge;
    // @ts-expect-error -- and so does a body field the route does not take
    void (() => api('POST /api/binders/:id/cards', { params: { id: 'x' }, body: { cardId: 'y' } }));
    expect(seen[0]).toMatchObject({
      url: '/api/binders/b%201/cards/c%2F2',
      method: 'PUT',
      body: '{"personalNotes":null,"actualPurchasePrice":12.5}',
    });
    expect(apiUrl('GET /api/catalogue/search', undefined, { q: 'pika chu', limit: 12, set: undefined })).toBe(
      '/api/catalogue/search?q=pika+chu&limit=12',
    );
  });

  it('refuses a route whose path parameter is missing', () => {
    expect(() => apiUrl('GET /api/binders/:id')).toThrow('missing path parameter id');
  });
});
