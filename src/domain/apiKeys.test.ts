import { describe, expect, it } from 'vitest';
import { apiKeyAddSchema, isApiKey, scopeForRoute } from './apiKeys.ts';

describe('API keys', () => {
  it('tells a key from a session token by its form', () => {
    expect(isApiKey(`hs_abcdefghij12_${'A'.repeat(43)}`)).toBe(true);
    expect(isApiKey('A'.repeat(43))).toBe(false);
    expect(isApiKey(`hs_ABCDEFGHIJ12_${'A'.repeat(43)}`)).toBe(false);
    expect(isApiKey(`hs_abcdefghij12_${'A'.repeat(42)}`)).toBe(false);
  });

  it.each([
    ['GET', '/api/v2/leads/get', 'leads:read'],
    ['get', '/api/v2/leads/get/', 'leads:read'],
    ['POST', '/api/v2/leads/add', 'leads:write'],
    ['POST', '/api/v2/leads/edit', 'leads:write'],
    ['GET', '/api/v2/users/get', 'users:read'],
    ['GET', '/api/users/meta', 'users:read'],
    ['GET', '/api/v2/notifications/get', 'notifications:read'],
    ['POST', '/api/v2/leads/get', undefined],
    ['GET', '/api/v2/sync/pull', undefined],
    ['POST', '/api/v2/api-keys/add', undefined],
    ['POST', '/api/v2/users/edit', undefined],
  ])('%s %s needs %s', (method, path, scope) => {
    expect(scopeForRoute(method, path)).toBe(scope);
  });

  it('takes scopes only from the fixed list, at least one, each once', () => {
    expect(
      apiKeyAddSchema.parse({ name: ' Zapier ', scopes: ['leads:write', 'leads:read', 'leads:read'] }),
    ).toEqual({
      name: 'Zapier',
      scopes: ['leads:read', 'leads:write'],
    });
    expect(apiKeyAddSchema.safeParse({ name: 'x', scopes: [] }).success).toBe(false);
    expect(apiKeyAddSchema.safeParse({ name: 'x', scopes: ['admin'] }).success).toBe(false);
    expect(apiKeyAddSchema.safeParse({ name: '  ', scopes: ['leads:read'] }).success).toBe(false);
  });
});
