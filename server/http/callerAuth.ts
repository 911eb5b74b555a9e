/**
 * Works out who is calling: a session token from `Authorization: Bearer …` or the session cookie,
 * an API key (`Authorization: Bearer hs_…` or `X-API-Key`, never cached), or the spec's development
 * key when the server runs in development mode. An in-process cache keeps a device from reloading
 * its team facts on every request; sign-out clears it. Every request still reads its session with
 * the caller's stamp (the account's version and the newest versions of the org's named roles, teams
 * and team memberships), in one prepared read: a revoked or expired session is refused at once, and
 * a cached caller is used only while its stamp is unchanged, so a change of roles, level, status or
 * teams made through any server instance applies from the next request.
 */

import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import {
  API_KEY_FORMAT,
  API_KEY_ROUTE_REFUSED,
  apiKeyScopeMissing,
  isApiKey,
  scopeForRoute,
} from '#src/domain/apiKeys.ts';
import { DEFAULT_ORG_ID } from '#src/domain/roles.ts';
import { orgs, users } from '../db/schema.ts';
import { DEFAULT_LIMITS, type ServerLimits } from '../limits.ts';
import { type Caller, callerStamp, loadCaller, sessionStamp } from '../services/actors.ts';
import { tokenHash } from '../services/auth.ts';
import type { ServiceContext } from '../services/context.ts';
import { apiKeyCaller } from '../services/integrations/apiKeys.ts';
import { forbidden, invalid, notFound, unauthenticated } from '../services/serviceError.ts';
import { clientAddress, RateLimiter, throttle, waitText } from './rateLimit.ts';

export const SESSION_COOKIE = 'hs_session';
// The stamp covers every fact of a cached caller: the time only bounds how long an idle one is kept.
const CACHE_MS = 60_000;
const CACHE_MAX = 5_000;

export interface AuthVariables {
  caller: Caller;
  token: string;
}

export function readToken(c: Context): string | undefined {
  const apiKey = c.req.header('x-api-key')?.trim();
  if (apiKey) return apiKey;
  const header = c.req.header('authorization')?.trim();
  if (header) return header.replace(/^Bearer\s+/i, '').trim() || undefined;
  return getCookie(c, SESSION_COOKIE) || undefined;
}

export class CallerCache {
  private readonly entries = new Map<string, { caller: Caller; until: number; stamp?: string | undefined }>();
  /** API key requests per key, and per client address (valid keys or not): see server/limits.ts. */
  readonly apiKeyThrottle: RateLimiter;
  readonly apiKeyAddressThrottle: RateLimiter;

  constructor(limits: ServerLimits = DEFAULT_LIMITS) {
    this.apiKeyThrottle = new RateLimiter(limits.apiKey);
    this.apiKeyAddressThrottle = new RateLimiter(limits.apiKeyAddress);
  }

  get(key: string, now: number): Caller | undefined {
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.caller;
    if (hit) this.entries.delete(key);
    return undefined;
  }

  /** The stamp a cached caller was loaded under (see callerStamp). */
  stampOf(key: string): string | undefined {
    return this.entries.get(key)?.stamp;
  }

  set(key: string, caller: Caller, now: number, stamp?: string): void {
    if (this.entries.size >= CACHE_MAX) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { caller, until: now + CACHE_MS, stamp });
  }

  forget(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}

/** The caller for a request, or undefined when it carries no valid credentials. */
export async function resolveCaller(
  ctx: ServiceContext,
  cache: CallerCache,
  c: Context,
): Promise<Caller | undefined> {
  const token = readToken(c);
  if (!token) return undefined;
  // An API key is never cached: a revoked key stops at once.
  if (isApiKey(token)) return apiKeyRouteCaller(ctx, cache, c, token);
  const orgOverride = parseOrgOverride(c.req.header('x-org-id'));
  const hash = tokenHash(token);
  const key = `${hash}:${orgOverride ?? ''}`;
  const now = ctx.now().getTime();
  const development = ctx.config.mode === 'development' && ctx.config.devKey && token === ctx.config.devKey;
  // Every request reads its session afresh (one prepared read): a revoked or expired session is
  // refused at once, on every instance, cached caller or not.
  const session = development ? undefined : await sessionStamp(ctx.db, hash, ctx.now());
  const cached = cache.get(key, now);
  if (cached) {
    const stamp = development ? await callerStamp(ctx.db, cached.user.id) : session?.stamp;
    if (stamp !== undefined && stamp === cache.stampOf(key)) return cached;
    cache.forget(key);
  }

  let caller: Caller | undefined;
  let stamp: string | undefined;
  if (development) {
    caller = await developmentCaller(ctx, orgOverride);
    stamp = caller && (await callerStamp(ctx.db, caller.user.id));
  } else if (session) {
    // The stamp was read before the caller, so a change landing in between makes the stamp stale, not the caller.
    stamp = session.stamp;
    caller = await loadCaller(ctx.db, session.user_id, orgOverride);
  }
  if (caller && orgOverride !== undefined) await checkOrgOverride(ctx, caller, orgOverride);
  if (caller) cache.set(key, caller, now, stamp);
  return caller;
}

/**
 * The org a request asks to act in (`x-org-id`) must be the caller's own, unless the caller is a
 * super admin, and then it must exist. Refused outright rather than ignored, so a client never
 * believes it is looking at another org.
 */
async function checkOrgOverride(ctx: ServiceContext, caller: Caller, org: number): Promise<void> {
  if (org === caller.user.org_id) return;
  if (!caller.actor.super_admin) throw forbidden('You can only work in your own organisation.');
  const [found] = await ctx.db.select({ id: orgs.id }).from(orgs).where(eq(orgs.id, org));
  if (!found) throw notFound(`Organisation ${org} does not exist.`);
}

export function requireCaller(
  ctx: ServiceContext,
  cache: CallerCache,
): MiddlewareHandler<{ Variables: AuthVariables }> {
  return async (c, next) => {
    const caller = await resolveCaller(ctx, cache, c);
    if (!caller) throw unauthenticated('Your session has expired or is not valid. Please sign in again.');
    c.set('caller', caller);
    c.set('token', readToken(c) ?? '');
    await next();
  };
}

/**
 * A key acts within its org and only on the routes its scopes open (src/domain/apiKeys.ts).
 * Throttled per client address before the key is looked up (so made-up keys cost no lookups past
 * the limit), then per key once it is known to be genuine (so nobody else can use a key's share).
 */
async function apiKeyRouteCaller(
  ctx: ServiceContext,
  cache: CallerCache,
  c: Context,
  key: string,
): Promise<Caller> {
  const now = ctx.now().getTime();
  throttle(
    cache.apiKeyAddressThrottle,
    clientAddress(c),
    now,
    (wait) => `Too many API key requests from this address. Try again ${waitText(wait)}.`,
  );
  const { caller, scopes } = await apiKeyCaller(ctx, key);
  throttle(
    cache.apiKeyThrottle,
    API_KEY_FORMAT.exec(key)?.[1] ?? key,
    now,
    (wait) => `This API key has made too many requests. Try again ${waitText(wait)}.`,
  );
  if (c.req.header('x-org-id') && c.req.header('x-org-id') !== String(caller.actor.org_id))
    throw forbidden('You can only work in your own organisation.');
  const needed = scopeForRoute(c.req.method, c.req.path);
  if (!needed) throw forbidden(API_KEY_ROUTE_REFUSED);
  if (!scopes.includes(needed)) throw forbidden(apiKeyScopeMissing(needed));
  return caller;
}

/** The development key acts as the default org's first admin. */
async function developmentCaller(ctx: ServiceContext, orgOverride?: number): Promise<Caller | undefined> {
  const [admin] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.org_id, DEFAULT_ORG_ID), eq(users.access_level, 'Admin'), isNull(users.deleted_at)))
    .orderBy(asc(users.legacy_id))
    .limit(1);
  return admin && loadCaller(ctx.db, admin.id, orgOverride);
}

function parseOrgOverride(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const org = Number(value);
  if (!/^\d{1,10}$/.test(value) || !Number.isInteger(org) || org <= 0 || org > 2_147_483_647)
    throw invalid('The x-org-id header must be a positive whole number.');
  return org;
}
