/**
 * Refuses a request whose path or query string carries a NUL character (raw or as `%00`) before
 * any route sees it: no path parameter, query key or query value may hold one (PostgreSQL cannot
 * store it, and no real client sends it). Invalid percent-encodings stay as they are (Hono keeps
 * them undecoded), so a NUL can only arrive as `%00` or, before URL normalisation, raw.
 */

import type { MiddlewareHandler } from 'hono';
import { refuse } from './respond.ts';

export const NUL_IN_URL_MESSAGE =
  'The address of the request contains a NUL character (%00), which no path or query value may hold.';

const ENCODED_NUL = /%00/i;

/** The path and query of a URL, without scheme and host. */
function pathAndQuery(url: string): string {
  const scheme = url.indexOf('://');
  const start = scheme < 0 ? 0 : url.indexOf('/', scheme + 3);
  return start < 0 ? '' : url.slice(start);
}

export const refuseNulInUrl: MiddlewareHandler = async (c, next) => {
  const target = pathAndQuery(c.req.url);
  if (ENCODED_NUL.test(target) || target.includes('\u0000')) return refuse(c, NUL_IN_URL_MESSAGE, 400);
  await next();
};
