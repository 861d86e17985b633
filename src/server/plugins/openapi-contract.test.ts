import { describe, expect, it } from 'vitest';
import { operationIdOf } from './openapi-contract.ts';

describe('operationIdOf', () => {
  it('camelCases the method and the path, parameters as By…, without the API prefix', () => {
    expect(operationIdOf('PUT', '/api/v1/orders/:orderRef/add-ons')).toBe('putOrdersByOrderRefAddOns');
    expect(operationIdOf('GET', '/api/v1/services/slug/:slug')).toBe('getServicesSlugBySlug');
    expect(operationIdOf('POST', '/api/hello')).toBe('postHello');
    expect(operationIdOf('HEAD', '/api/v1/country-codes')).toBe('headCountryCodes');
  });

  it('keeps a route’s id stable and apart from its neighbours', () => {
    const ids = [
      operationIdOf('GET', '/api/v1/photo-checks/current'),
      operationIdOf('DELETE', '/api/v1/photo-checks/current'),
      operationIdOf('GET', '/api/v1/photo-checks/current/original'),
    ];
    expect(new Set(ids).size).toBe(3);
    expect(operationIdOf('GET', '/api/v1/photo-checks/current')).toBe(ids[0]);
  });
});
