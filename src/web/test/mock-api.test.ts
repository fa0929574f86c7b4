import { describe, expect, it } from 'vitest';
import { aUserCard } from './fixtures';
import { contractRouteOf, driftOf, mockApi } from './mock-api';

describe('web test mocks are held to the contract', () => {
  it('finds the route a concrete path reaches, literal segments before parameters', () => {
    expect(contractRouteOf('GET', '/api/user-cards/facets')).toBe('GET /api/user-cards/facets');
    expect(contractRouteOf('GET', '/api/user-cards/20000000-0000-4000-8000-000000000001')).toBe('GET /api/user-cards/:id');
    expect(contractRouteOf('GET', '/api/admin/abc123/users')).toBe('GET /api/admin/:hash/users');
    expect(contractRouteOf('GET', '/api/no-such-thing')).toBeUndefined();
    expect(contractRouteOf('PATCH', '/api/binders')).toBeUndefined();
  });

  it('refuses a mock of a route the contract does not have', () => {
    expect(() => mockApi({ 'GET /api/no-such-thing': () => ({ json: {} }) })).toThrow(/not a route of the contract/);
  });

  it('names the fields a 2xx answer lacks, and lets errors and whole answers through', () => {
    const { quantity: _quantity, ...withoutQuantity } = aUserCard();
    expect(driftOf('GET /api/user-cards/:id', { json: withoutQuantity })).toMatch(/^quantity /);
    expect(driftOf('GET /api/user-cards/:id', { json: aUserCard() })).toBeNull();
    expect(driftOf('GET /api/user-cards/:id', { status: 404, json: { message: 'gone' } })).toBeNull();
  });
});
