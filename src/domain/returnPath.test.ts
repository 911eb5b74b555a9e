import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './returnPath.ts';

const ORIGIN = 'https://crm.example';

/** Where a browser on the app's origin goes when it follows the path. */
const followed = (path: string) => new URL(path, `${ORIGIN}/auth/login`);

describe('safeReturnPath', () => {
  it.each([
    ['/', '/'],
    ['/contacts', '/contacts'],
    ['/contacts/abc?tab=notes#top', '/contacts/abc?tab=notes#top'],
    ['/users/%2Fx', '/users/%2Fx'],
    ['/contacts/./abc', '/contacts/abc'],
    ['/contacts/../map', '/map'],
    ['/contacts/1/proposals/new?survey=2', '/contacts/1/proposals/new?survey=2'],
    ['/a//b', '/a//b'],
    ['/%2F%2Fhost', '/%2F%2Fhost'],
    ['/search?q=//host', '/search?q=//host'],
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
    '\\/evil.example',
    '\\\\evil.example',
    '/\tevil',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/.//evil.example',
    '/./\\evil.example',
    '/.\\/evil.example',
    '/%2e//evil.example',
    '/%2E//evil.example',
    '/%2e%2e//evil.example',
    '/..//evil.example',
    '/../..//evil.example',
    '/a/..//evil.example',
    '/././/evil.example',
    '/.//evil.example/path?x=1#y',
    '/%0a/evil.example',
    '/%0d%0a/evil.example',
    '/\u0000/evil',
    '/\u0085/evil',
    '/\u2028/evil',
    '/\u007f/evil',
    'javascript:alert(1)',
    '/javascript:alert(1)'.slice(1),
    '/auth/login',
    '/auth/oidc',
    '/auth',
    '/AUTH/login',
    '/%61uth/login',
    '/contacts/../auth/login',
    '/./auth/login',
    `/${'a'.repeat(2000)}`,
  ])('refuses %j', (input) => {
    expect(safeReturnPath(input)).toBeUndefined();
  });

  const piece = fc.constantFrom(
    '/',
    '//',
    '\\',
    '.',
    '..',
    '%2e',
    '%2E',
    '%2f',
    '%5c',
    '\t',
    '\n',
    '\r',
    '%0a',
    '%00',
    '?',
    '#',
    ':',
    '@',
    'host',
    'evil.example',
    'auth',
    'https:',
    'a',
  );
  const tricky = fc.array(piece, { maxLength: 12 }).map((parts) => `/${parts.join('')}`);

  it('whatever it keeps stays on the same origin, never reads as //host, and is kept again as is', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          tricky,
          fc.string({ maxLength: 40 }).map((s) => `/${s}`),
        ),
        (input) => {
          const kept = safeReturnPath(input);
          if (kept === undefined) return;
          const url = followed(kept);
          expect(url.origin).toBe(ORIGIN);
          expect(kept.startsWith('//') || kept.startsWith('/\\')).toBe(false);
          expect(safeReturnPath(kept)).toBe(kept);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
