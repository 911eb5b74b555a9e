import { describe, expect, it } from 'vitest';
import { runRouteMiddleware, UnknownRouteMiddleware } from './routeMiddleware.ts';

const admin = { signedIn: true, level: 'Admin' };
const rep = { signedIn: true, level: 'User' };
const visitor = { signedIn: false, level: undefined };

describe('runRouteMiddleware', () => {
  it.each([
    [['auth'], admin, { kind: 'continue' }],
    [['auth'], visitor, { kind: 'redirect', to: '/auth/login' }],
    [['guest'], visitor, { kind: 'continue' }],
    [['guest'], rep, { kind: 'redirect', to: '/' }],
    [['admin'], admin, { kind: 'continue' }],
    [['admin'], { signedIn: true, level: 'admin' }, { kind: 'continue' }],
    [['admin'], rep, { kind: 'forbidden' }],
    [['admin'], { signedIn: true, level: 'Manager' }, { kind: 'forbidden' }],
    [['auth', 'admin'], visitor, { kind: 'redirect', to: '/auth/login' }],
    [['auth', 'admin'], rep, { kind: 'forbidden' }],
    [[], visitor, { kind: 'continue' }],
  ] as const)('%j for %j gives %j', (names, context, outcome) => {
    expect(runRouteMiddleware(names, context)).toEqual(outcome);
  });

  it('throws on a name the registry does not know', () => {
    expect(() => runRouteMiddleware(['auth', 'superuser'], admin)).toThrow(
      'Unknown route middleware: superuser',
    );
    expect(() => runRouteMiddleware(['toString'], admin)).toThrow(UnknownRouteMiddleware);
  });

  it('reports an unknown name even after a refusal, for every visitor', () => {
    expect(() => runRouteMiddleware(['admin', 'nope'], rep)).toThrow('Unknown route middleware: nope');
  });
});
