/**
 * Server-supplied route rules (SPEC section 2: a server-supplied redirect may send the user to an
 * external address). The deployment lists them (`ROUTE_RULES`, a JSON array of `{from, to,
 * status}`); the app asks `GET /api/v2/route-rules?path=` for a path it does not know and follows
 * the answer: inside the app, or out of it to an http(s) address only.
 */
import { z } from 'zod';
import { boundedText } from './schemas/common.ts';

export const REDIRECT_STATUSES = [301, 302, 307, 308] as const;

const appPath = boundedText(2000).refine((value) => value.startsWith('/') && !value.startsWith('//'), {
  message: "must be a path of this app, starting with '/'",
});

/** An address a redirect may lead to: a path of this app, or an absolute http(s) URL. */
export function redirectTarget(to: string): { to: string; external: boolean } | undefined {
  if (to.startsWith('/') && !to.startsWith('//') && !to.includes('\\')) return { to, external: false };
  try {
    const url = new URL(to);
    if (url.protocol === 'http:' || url.protocol === 'https:') return { to: url.href, external: true };
  } catch {
    // Not an absolute URL.
  }
  return undefined;
}

export const routeRuleSchema = z.object({
  from: appPath,
  to: boundedText(2000).refine((value) => redirectTarget(value) !== undefined, {
    message: "must be a path starting with '/' or an http(s) address",
  }),
  status: z
    .union(
      REDIRECT_STATUSES.map((status) => z.literal(status)) as [z.ZodLiteral<301>, ...z.ZodLiteral<number>[]],
    )
    .default(302),
});
export type RouteRule = z.output<typeof routeRuleSchema>;

export const routeRulesSchema = z.array(routeRuleSchema).max(500);

export const routeRuleQuerySchema = z.object({ path: appPath });

export const routeRedirectSchema = z.object({
  to: z.string(),
  external: z.boolean(),
  status: z.number().int(),
});
export type RouteRedirect = z.output<typeof routeRedirectSchema>;

/** A path as rules compare it: no query or fragment, no trailing slash (but '/' itself). */
export function normalisePath(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? '';
  return bare.length > 1 ? bare.replace(/\/+$/, '') || '/' : bare;
}

/** The redirect the rules give a path, if any (the first rule whose `from` matches). */
export function findRedirect(rules: readonly RouteRule[], path: string): RouteRedirect | undefined {
  const wanted = normalisePath(path);
  const rule = rules.find((candidate) => normalisePath(candidate.from) === wanted);
  if (!rule) return undefined;
  const target = redirectTarget(rule.to);
  return target && { ...target, status: rule.status };
}
