/**
 * Which entry of the route table a path opens, ranked as the router ranks its routes (a fixed
 * segment before a parameter: `/contacts/new` before `/contacts/:id`).
 */
import { matchRoutes, type RouteObject } from 'react-router';
import { PROFILE_EDIT_PATH, ROUTE_TABLE } from './routeTable.ts';
import { isScreenRoute, type RouteEntry, type ScreenRoute } from './routeTypes.ts';

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

/**
 * The screen a signed-in visit to `pathname` opens on: the one the router shows there (none for a
 * redirect or the 404), or the profile editor for a user without a configuration, wherever they
 * were going (SPEC section 2).
 */
export function openingRoute(pathname: string, configured: boolean): ScreenRoute | undefined {
  const entry = routeAt(configured ? pathname : PROFILE_EDIT_PATH)?.entry;
  return entry && isScreenRoute(entry) ? entry : undefined;
}
