/**
 * The side panel's sections, read from the route table's `nav` places: every screen the user's
 * role may open, grouped as a sales organisation thinks of them. Pure, so the role matrix is
 * tested without a browser.
 */
import type { Actor } from '../domain/permissions.ts';
import type { MessageKey } from '../ui/messages.ts';
import { ROUTE_TABLE } from './routes/routeTable.ts';
import { NAV_GROUPS, type NavGroupKey, type NavPlace } from './routes/routeTypes.ts';

export interface NavItem {
  path: string;
  /** A message key (`nav.*`), or a table's title (`tableLabels.titles.*`). */
  label: MessageKey;
}

export interface NavGroup {
  /** Names the group in the catalogue (`nav.groups.*`). */
  key: NavGroupKey;
  items: NavItem[];
}

/** Every link of the side panel with its place, in the order of the table. */
const NAV_LINKS: readonly (NavPlace & { path: string })[] = ROUTE_TABLE.flatMap((entry) =>
  entry.nav ? [{ ...entry.nav, path: entry.nav.path ?? entry.paths[0] }] : [],
);

/** The groups of screens this user may open, empty groups left out. */
export function navigationFor(actor: Actor): NavGroup[] {
  const shown = NAV_LINKS.filter((link) => link.shows?.(actor) ?? true).sort((a, b) => a.order - b.order);
  return NAV_GROUPS.map((key) => ({
    key,
    items: shown.filter((link) => link.group === key).map(({ path, label }) => ({ path, label })),
  })).filter((group) => group.items.length > 0);
}

/**
 * Whether `pathname` is within the item's screen: by default its path and everything under it;
 * the route table's `within` narrows that (the map and the admin overview only at their own path)
 * or widens it (every settings section is within the settings).
 */
export function isCurrent(item: NavItem, pathname: string): boolean {
  const within = NAV_LINKS.find((link) => link.path === item.path)?.within;
  if (within === null) return pathname === item.path;
  if (within !== undefined) return pathname.startsWith(within);
  return pathname === item.path || pathname.startsWith(`${item.path}/`);
}
