/**
 * Route middleware (SPEC section 8): a page declares by name what must hold before it opens
 * (`auth`, `guest`, `admin`); the registry runs them in order. A name the registry does not know is
 * a mistake in the route table and throws 'Unknown route middleware: {name}', which the page's
 * error boundary shows.
 */
import { isAdminLevel } from '../domain/roles.ts';

export interface MiddlewareContext {
  signedIn: boolean;
  /** The signed-in user's access level (Guest, User, Manager, Admin). */
  level: string | undefined;
}

export type MiddlewareOutcome =
  | { kind: 'continue' }
  | { kind: 'redirect'; to: string }
  | { kind: 'forbidden' };

type Middleware = (context: MiddlewareContext) => MiddlewareOutcome;

const CONTINUE: MiddlewareOutcome = { kind: 'continue' };

export const ROUTE_MIDDLEWARE = {
  /** Signed-in users only; others go to sign in. */
  auth: (context) => (context.signedIn ? CONTINUE : { kind: 'redirect', to: '/auth/login' }),
  /** Signed-out visitors only (the sign-in page); a signed-in user goes to the map. */
  guest: (context) => (context.signedIn ? { kind: 'redirect', to: '/' } : CONTINUE),
  /** Admins only; anyone else gets the not-found page. */
  admin: (context) => (context.signedIn && isAdminLevel(context.level) ? CONTINUE : { kind: 'forbidden' }),
} satisfies Record<string, Middleware>;

export type MiddlewareName = keyof typeof ROUTE_MIDDLEWARE;

export class UnknownRouteMiddleware extends Error {
  readonly middleware: string;
  constructor(name: string) {
    super(`Unknown route middleware: ${name}`);
    this.middleware = name;
  }
}

function isKnown(name: string): name is MiddlewareName {
  return Object.hasOwn(ROUTE_MIDDLEWARE, name);
}

/**
 * Runs the named middleware in order; the first that does not continue decides. Every name is
 * checked first, so a misspelt one shows for every visitor, not only for those who get that far.
 */
export function runRouteMiddleware(names: readonly string[], context: MiddlewareContext): MiddlewareOutcome {
  const unknown = names.find((name) => !isKnown(name));
  if (unknown !== undefined) throw new UnknownRouteMiddleware(unknown);
  for (const name of names as readonly MiddlewareName[]) {
    const outcome = ROUTE_MIDDLEWARE[name](context);
    if (outcome.kind !== 'continue') return outcome;
  }
  return CONTINUE;
}
