/**
 * Which entry of the route table a path opens, ranked as the router ranks its routes (a fixed
 * segment before a parameter: `/contacts/new` before `/contacts/:id`).
 */
import { matchRoutes, type RouteObject } from 'react-router';
import { ROUTE_TABLE } from './routeTable.ts';
import type { RouteEntry } from './routeTypes.ts';

export interface RouteAt {
  entry: RouteEntry;
  /** The entry's path that matched, e.g. `/contacts/:id/edit`. */
  path: string;
}

/** One route object per path of `table`, each knowing its entry. */
export function routeObjects(table: readonly RouteEntry[]): (RouteObject & { handle: RouteAt })[] {
  return table.flatMap((entry) => entry.paths.map((path) => ({ path, handle: { entry, path } })));
}

const TABLE_ROUTES = routeObjects(ROUTE_TABLE);

/** The entry (and its path) the router opens for `pathname`, if any (else the 404). */
export function routeAt(pathname: string, routes = TABLE_ROUTES): RouteAt | undefined {
  const matches = matchRoutes(routes, pathname);
  return matches?.[0]?.route.handle;
}

/** The list screens that stay mounted when the user navigates away. */
export const KEPT_ALIVE_PATHS: ReadonlySet<string> = new Set(
  ROUTE_TABLE.flatMap((entry) => ('keptAlive' in entry && entry.keptAlive ? entry.paths : [])),
);
