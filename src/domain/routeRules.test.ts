import { describe, expect, it } from 'vitest';
import {
  findRedirect,
  normalisePath,
  redirectTarget,
  routeRuleQuerySchema,
  routeRulesSchema,
} from './routeRules.ts';

describe('redirectTarget', () => {
  it.each([
    ['/contacts', { to: '/contacts', external: false }],
    ['https://example.com/help', { to: 'https://example.com/help', external: true }],
    ['http://example.com', { to: 'http://example.com/', external: true }],
    ['//evil.example', undefined],
    ['/\\evil.example', undefined],
    ['javascript:alert(1)', undefined],
    ['data:text/html,x', undefined],
    ['ftp://example.com', undefined],
    ['contacts', undefined],
  ])('%s gives %j', (to, expected) => {
    expect(redirectTarget(to)).toEqual(expected);
  });
});

describe('route rules', () => {
  const rules = routeRulesSchema.parse([
    { from: '/help', to: 'https://help.example.com/', status: 301 },
    { from: '/old-map/', to: '/' },
  ]);

  it('finds the redirect of a path, ignoring a trailing slash and the query', () => {
    expect(findRedirect(rules, '/help?x=1')).toEqual({
      to: 'https://help.example.com/',
      external: true,
      status: 301,
    });
    expect(findRedirect(rules, '/old-map')).toEqual({ to: '/', external: false, status: 302 });
    expect(findRedirect(rules, '/nothing')).toBeUndefined();
  });

  it('refuses rules that lead anywhere but the app or an http(s) address', () => {
    expect(routeRulesSchema.safeParse([{ from: '/x', to: 'javascript:alert(1)' }]).success).toBe(false);
    expect(routeRulesSchema.safeParse([{ from: 'x', to: '/' }]).success).toBe(false);
    expect(routeRulesSchema.safeParse([{ from: '/x', to: '/', status: 200 }]).success).toBe(false);
  });

  it('asks only for paths of the app', () => {
    expect(routeRuleQuerySchema.safeParse({ path: '/a' }).success).toBe(true);
    expect(routeRuleQuerySchema.safeParse({ path: 'https://x' }).success).toBe(false);
    expect(routeRuleQuerySchema.safeParse({}).success).toBe(false);
  });

  it('normalises paths', () => {
    expect(normalisePath('/')).toBe('/');
    expect(normalisePath('/a/b//')).toBe('/a/b');
    expect(normalisePath('/a#x')).toBe('/a');
  });
});
