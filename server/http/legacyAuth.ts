/**
 * The legacy data service's clients send their session token as `auth_token` instead of the
 * Authorization header: in the query string of a GET (which has no body), in the JSON body of
 * anything else. A POST's query string is never read for it: a token there would end up in
 * access logs and browser history for a call that could have carried it in its body. A request
 * with no credentials of its own is signed in with that token, through the same check as any
 * other (`requireCaller` runs after). A request that carries a header or cookie keeps it: the
 * token in the body never overrides it.
 */
import type { MiddlewareHandler } from 'hono';
import { readToken } from './callerAuth.ts';

function bodyToken(text: string): unknown {
  try {
    return (JSON.parse(text) as { auth_token?: unknown } | null)?.auth_token;
  } catch {
    // An unreadable body is refused later by the route's own parsing, with its own message.
    return undefined;
  }
}

export const legacyAuthToken: MiddlewareHandler = async (c, next) => {
  if (!readToken(c)) {
    let token: unknown;
    if (c.req.method === 'GET' || c.req.method === 'HEAD') token = c.req.query('auth_token');
    else if ((c.req.header('content-type') ?? '').toLowerCase().includes('application/json')) {
      token = bodyToken(await c.req.text());
    }
    // Session tokens are printable ASCII; anything else is no credential (and no valid header).
    if (typeof token === 'string' && /^[\x21-\x7e]+$/.test(token.trim())) {
      c.req.raw.headers.set('authorization', `Bearer ${token.trim()}`);
    }
  }
  await next();
};
