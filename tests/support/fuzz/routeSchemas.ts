/**
 * A route's fuzz case takes the body and query schemas the route declares (defineRoute, in the
 * registry server/http/apiRoutes.ts: the ones the server checks with) unless the case names its
 * own, so the two cannot drift apart.
 */
import { API_ROUTES } from '#server/http/apiRoutes.ts';
import { type RouteDefinition, routeKey } from '#server/http/defineRoute.ts';
import type { RouteFuzz } from './fuzzCase.ts';
import { shapeKeys } from './schemaPaths.ts';

/** The declared route served as `METHOD /path/:param` (Hono's form, as the app lists its routes). */
export function routeOf(key: string): RouteDefinition | undefined {
  return API_ROUTES.find((route) => routeKey(route) === key);
}

/** Each case with its route's schemas filled in where it names none. */
export function withRouteSchemas(cases: Record<string, RouteFuzz>): Record<string, RouteFuzz> {
  return Object.fromEntries(
    Object.entries(cases).map(([key, route]) => {
      const declared = routeOf(key);
      const body = declared?.body?.schema;
      const query = declared?.query ?? declared?.documentedQuery;
      const filled: RouteFuzz = {
        ...route,
        bodies: route.bodies?.map((b) => ({ ...b, schema: b.schema ?? body })),
        query: route.query && {
          ...route.query,
          schema: route.query.schema ?? query,
          keys: route.query.keys ?? (query ? shapeKeys(query) : ['x']),
        },
      };
      return [key, filled];
    }),
  );
}
