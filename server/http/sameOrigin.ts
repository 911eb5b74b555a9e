/**
 * Refuses state-changing requests another site made a browser send (cross-site request forgery,
 * including signing a victim in to the attacker's account). A browser attaches the session cookie
 * to them; it never attaches an `Authorization` header by itself, so requests that carry one
 * (bearer-token clients, the app's own client) are not at risk and pass, as do GET, HEAD and
 * OPTIONS. The rest is refused when `Sec-Fetch-Site` says `cross-site`, or when `Origin` names a
 * host other than the one the request was sent to. Hosts are compared, not schemes, because a
 * TLS-terminating proxy makes an https page's requests arrive over http; a proxy that rewrites the
 * Host header is expected to pass the original as `X-Forwarded-Host` (browsers cannot set it on a
 * cross-site request). Requests with neither header (non-browser clients) pass.
 */

import type { Context, MiddlewareHandler } from 'hono';
import { refuse } from './respond.ts';

export const CROSS_SITE_REFUSED =
  'This request came from another site and was refused. Open the app at its own address and try again.';

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** `host[:port]` in lower case, without the scheme's default port (a proxy may add or drop it). */
function normalHost(host: string): string {
  return host
    .trim()
    .toLowerCase()
    .replace(/:(80|443)$/, '');
}

/** The host an `Origin` header names; undefined for `null` or anything unreadable. */
function originHost(origin: string): string | undefined {
  try {
    const url = new URL(origin);
    return url.host ? normalHost(url.host) : undefined;
  } catch {
    return undefined;
  }
}

/** The hosts this request was addressed to: its Host header, and the proxy's forwarded host. */
function requestHosts(c: Context): string[] {
  const forwarded = c.req.header('x-forwarded-host')?.split(',') ?? [];
  return [c.req.header('host') ?? new URL(c.req.url).host, ...forwarded]
    .map(normalHost)
    .filter((host) => host.length > 0);
}

/** Whether a request is one a browser may have sent on another site's behalf. */
export function isCrossSiteRequest(c: Context): boolean {
  if (SAFE_METHODS.has(c.req.method)) return false;
  if (c.req.header('authorization')?.trim()) return false;
  if (c.req.header('sec-fetch-site')?.trim().toLowerCase() === 'cross-site') return true;
  const origin = c.req.header('origin');
  if (origin === undefined) return false;
  const host = originHost(origin);
  return !host || !requestHosts(c).includes(host);
}

/** The middleware: 403 with a message a person can act on. */
export function sameOrigin(): MiddlewareHandler {
  return async (c, next) => {
    if (isCrossSiteRequest(c)) return refuse(c, CROSS_SITE_REFUSED, 403);
    return next();
  };
}
