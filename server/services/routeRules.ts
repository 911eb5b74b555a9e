/**
 * The route-rules lookup: the redirect the deployment's rules (ROUTE_RULES) give a path of the
 * app. The rules are the deployment's, the same for every org; any signed-in user may ask.
 */
import type { Actor } from '#src/domain/permissions.ts';
import { findRedirect, type RouteRedirect } from '#src/domain/routeRules.ts';
import type { ServiceContext } from './context.ts';

export function lookupRouteRule(
  ctx: ServiceContext,
  _caller: Actor,
  path: string,
): RouteRedirect | undefined {
  return findRedirect(ctx.config.routeRules ?? [], path);
}
