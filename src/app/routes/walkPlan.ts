/**
 * The accessibility walk's stops, read from the route table (tests/e2e/accessibilityWalk.ts visits
 * them): for one part of the walk and one demo user, the addresses in table order.
 */
import { ROUTE_TABLE } from './routeTable.ts';
import type { RouteEntry, WalkStep, WalkUser } from './routeTypes.ts';

export interface WalkStop {
  url: string;
  /** The level-one heading to wait for (any when the entry names none). */
  heading: string | RegExp;
  /** The screen's name in the findings. */
  name: string;
}

/** Where `who` goes in the walk's `step`, in the order of the table. */
export function walkStops(
  step: WalkStep,
  who: WalkUser,
  table: readonly RouteEntry[] = ROUTE_TABLE,
): WalkStop[] {
  return table.flatMap((entry) =>
    'visits' in entry.walk
      ? entry.walk.visits
          .filter((visit) => visit.step === step && visit.who.includes(who))
          .map((visit) => {
            const url = visit.url ?? entry.paths[0];
            const heading = visit.heading ?? /.+/;
            return { url, heading, name: visit.name ?? (typeof heading === 'string' ? heading : url) };
          })
      : [],
  );
}
