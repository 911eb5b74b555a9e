/**
 * A rep's walk as it goes (pure, so the rules are table-tested): the doors still to knock in
 * walking order, the ones knocked, and where the current leg starts. A knock is a status change at
 * the door, so a door whose status is no longer the one it had when the walk was planned has been
 * knocked. Knocking the next door advances the walk; knocking another one, or straying from the
 * leg, asks for the rest to be planned again from where the rep is.
 */
import { type DoorFacts, type EligibilityContext, sortDoors } from '#src/domain/doorEligibility.ts';
import { metresBetween, metresFromLeg, type WalkPoint } from '#src/domain/walkRoute.ts';

/** The most doors one walk takes (the nearest ones): a few hours of knocking, planned in well under a second. */
export const MAX_WALK_DOORS = 200;
/** Farther than this from the current leg, the rep has strayed and the rest is planned again. */
export const STRAY_METRES = 75;

export interface WalkState {
  /** Door ids still to knock, in walking order. */
  remaining: string[];
  /** Door ids knocked, in the order knocked. */
  knocked: string[];
  /** Where the current leg starts: where the walk was planned from, or the last door knocked. */
  from: WalkPoint;
  /** Each door's status when the walk was planned. */
  statusAt: Record<string, string | null>;
}

type Door = DoorFacts & { lng: number; lat: number };

/** The eligible doors of these, the nearest {@link MAX_WALK_DOORS} to `start`, and how many were left out. */
export function walkCandidates(
  doors: readonly DoorFacts[],
  start: WalkPoint,
  context: EligibilityContext,
): { doors: Door[]; excluded: number; beyond: number } {
  const { eligible, excluded } = sortDoors(doors, context);
  const near = (eligible as Door[])
    .map((door) => ({ door, metres: metresBetween(start, door) }))
    .sort((a, b) => a.metres - b.metres || (a.door.id < b.door.id ? -1 : 1));
  return {
    doors: near.slice(0, MAX_WALK_DOORS).map((n) => n.door),
    excluded: Object.values(excluded).reduce((a, b) => a + b, 0),
    beyond: Math.max(0, near.length - MAX_WALK_DOORS),
  };
}

/** A new walk through `doors` in the solver's `order`, from `start`. */
export function startWalk(
  start: WalkPoint,
  doors: readonly DoorFacts[],
  order: readonly number[],
): WalkState {
  return {
    remaining: order.map((i) => (doors[i] as DoorFacts).id),
    knocked: [],
    from: start,
    statusAt: Object.fromEntries(doors.map((d) => [d.id, d.status])),
  };
}

/** The rest of the walk in a new order (ids of the remaining doors), from `from`. */
export function replannedWalk(walk: WalkState, order: readonly string[], from: WalkPoint): WalkState {
  return { ...walk, remaining: [...order], from };
}

export interface KnockOutcome {
  walk: WalkState;
  /** Doors were knocked out of order: the rest should be planned again from `walk.from`. */
  replan: boolean;
}

/**
 * The walk after the doors' current facts: each remaining door whose status changed has been
 * knocked (in walking order, the next one first); a remaining door no longer on the device is
 * dropped. Knocked out of order, the walk goes on from the last door knocked and asks to be
 * planned again.
 */
export function afterKnocks(walk: WalkState, doors: ReadonlyMap<string, DoorFacts>): KnockOutcome {
  const knockedNow = walk.remaining.filter((id) => {
    const door = doors.get(id);
    return door && (door.status ?? null) !== (walk.statusAt[id] ?? null);
  });
  const gone = walk.remaining.filter((id) => !doors.has(id));
  if (!knockedNow.length && !gone.length) return { walk, replan: false };
  const done = new Set([...knockedNow, ...gone]);
  const remaining = walk.remaining.filter((id) => !done.has(id));
  const inOrder = knockedNow.every((id, i) => walk.remaining[i] === id);
  const last = knockedNow.length ? doors.get(knockedNow.at(-1) as string) : undefined;
  const from = last && last.lng !== null && last.lat !== null ? { lng: last.lng, lat: last.lat } : walk.from;
  return {
    walk: { ...walk, remaining, knocked: [...walk.knocked, ...knockedNow], from },
    replan: !inOrder && remaining.length > 1,
  };
}

/** Whether the rep at `position` is farther than {@link STRAY_METRES} from the leg to the next door. */
export function strayed(
  walk: WalkState,
  doors: ReadonlyMap<string, DoorFacts>,
  position: WalkPoint,
): boolean {
  const next = doors.get(walk.remaining[0] ?? '');
  if (!next || next.lng === null || next.lat === null || walk.remaining.length < 2) return false;
  return metresFromLeg(position, walk.from, { lng: next.lng, lat: next.lat }) > STRAY_METRES;
}

/** The remaining doors' positions, in walking order, for planning the rest again. */
export function remainingPoints(walk: WalkState, doors: ReadonlyMap<string, DoorFacts>): Door[] {
  return walk.remaining
    .map((id) => doors.get(id))
    .filter((d): d is Door => !!d && d.lng !== null && d.lat !== null);
}

/** The walk on the map: its line from where the leg starts through every remaining door, and the numbered stops. */
export function walkFeatures(
  walk: WalkState,
  doors: ReadonlyMap<string, DoorFacts>,
): GeoJSON.FeatureCollection {
  const stops = remainingPoints(walk, doors);
  const line: GeoJSON.Feature = {
    type: 'Feature',
    properties: { kind: 'line' },
    geometry: {
      type: 'LineString',
      coordinates: [[walk.from.lng, walk.from.lat], ...stops.map((d) => [d.lng, d.lat])],
    },
  };
  const points: GeoJSON.Feature[] = stops.map((d, i) => ({
    type: 'Feature',
    properties: { kind: 'stop', n: i + 1, id: d.id },
    geometry: { type: 'Point', coordinates: [d.lng, d.lat] },
  }));
  return { type: 'FeatureCollection', features: stops.length ? [line, ...points] : [] };
}

/** The earliest knock that still counts against the cool-down (ISO), for reading knocks. */
export function coolDownSince(now: number, cooldownDays: number): string {
  return new Date(now - Math.max(0, cooldownDays) * 86_400_000).toISOString();
}
