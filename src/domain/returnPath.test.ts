import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './returnPath.ts';

describe('safeReturnPath', () => {
  it.each([
    ['/', '/'],
    ['/contacts', '/contacts'],
    ['/contacts/abc?tab=notes#top', '/contacts/abc?tab=notes#top'],
    ['/users/%2Fx', '/users/%2Fx'],
  ])('keeps the same-site path %s', (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
  });

  it.each([
    undefined,
    null,
    '',
    'contacts',
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    '/\tevil',
    'javascript:alert(1)',
    '/auth/login',
    '/auth/oidc',
    '/auth',
    `/${'a'.repeat(2000)}`,
  ])('refuses %s', (input) => {
    expect(safeReturnPath(input)).toBeUndefined();
  });
});
