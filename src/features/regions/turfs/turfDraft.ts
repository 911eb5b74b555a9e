/**
 * A cut under review, before it is assigned: the doors the cut reads from the device, the reps it
 * may offer, the turfs as drafts (one per rep, with an id, a name, a colour and an outline the
 * manager may reshape), their doors and weights counted again after each change, what stops an
 * assignment, and the body the server is sent.
 */
import type { RegionDoor } from '#src/device/hooks/useTurfs.ts';
import { isActiveUser, mayAssignTo } from '#src/domain/leadAssignment.ts';
import type { Actor } from '#src/domain/permissions.ts';
import { placementOrder, type RegionGeometry, regionContaining } from '#src/domain/regionGeometry.ts';
import { effectiveAccessLevel } from '#src/domain/roles.ts';
import type { TurfCutInput as TurfCutBody } from '#src/domain/schemas/turfs.ts';
import type { TurfCut, TurfDoor } from '#src/domain/turfCutting.ts';
import { type TurfGeometryProblem, type TurfPolygon, turfGeometryProblem } from '#src/domain/turfGeometry.ts';
import { type DoorOwnerFacts, lockedTo } from '#src/domain/turfRules.ts';
import { type DoorWeight, doorWeights } from '#src/domain/turfWeight.ts';

/** Turf colours in the order reps get them: distinct on the light and dark base maps. */
export const TURF_COLORS = [
  '#e8590c',
  '#1c7ed6',
  '#2f9e44',
  '#ae3ec9',
  '#f08c00',
  '#0c8599',
  '#e03131',
  '#5f3dc4',
  '#66a80f',
  '#c2255c',
] as const;

/** A user row as these rules read it. */
export interface UserFacts {
  _id: string;
  name?: unknown;
  org_id?: unknown;
  access_level?: unknown;
  roles?: unknown;
  status?: unknown;
  active?: unknown;
  deleted_at?: unknown;
}

const roleIds = (roles: unknown): number[] =>
  Array.isArray(roles) ? roles.filter((r): r is number => typeof r === 'number') : [];

/** What the lock rule needs of each user on the device. */
export function ownerFactsOf(users: readonly UserFacts[]): Map<string, DoorOwnerFacts> {
  return new Map(
    users.map((u) => [
      u._id,
      {
        active: isActiveUser(u),
        level: effectiveAccessLevel(
          typeof u.access_level === 'string' ? u.access_level : undefined,
          roleIds(u.roles),
        ),
      },
    ]),
  );
}

/** The doors as the cut takes them: each weighed by `mode`, a locked door with its rep. */
export function cutDoors(
  doors: readonly RegionDoor[],
  mode: DoorWeight,
  owners: ReadonlyMap<string, DoorOwnerFacts>,
): TurfDoor[] {
  const weights = doorWeights(
    doors.map((d) => d.value),
    mode,
  );
  return doors.map((door, i) => ({
    id: door.id,
    lng: door.lng,
    lat: door.lat,
    weight: weights[i] as number,
    lockedTo: lockedTo(door.owner_id, owners) ?? undefined,
  }));
}

export interface RepChoice {
  id: string;
  name: string;
}

/**
 * The reps a cut may give turfs to: active members of the region's teams whom the caller may give
 * leads to, by name.
 */
export function regionReps(
  actor: Actor,
  members: readonly { user_id: string; team_id: string }[],
  teamIds: readonly string[],
  users: readonly UserFacts[],
): RepChoice[] {
  const inRegion = new Set(members.filter((m) => teamIds.includes(m.team_id)).map((m) => m.user_id));
  return users
    .filter((u) => inRegion.has(u._id) && isActiveUser(u))
    .filter((u) => mayAssignTo(actor, { id: u._id, org_id: Number(u.org_id ?? actor.org_id), active: true }))
    .map((u) => ({ id: u._id, name: String(u.name || u._id) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export interface TurfDraft {
  id: string;
  repId: string;
  name: string;
  color: string;
  /** Null for a turf the doors left empty (fewer places than reps). */
  polygon: TurfPolygon | null;
  doors: number;
  weight: number;
}

/** Decimal places an outline keeps (about a centimetre): the map's drawing takes at most nine. */
const PLACES = 1e7;

/** The outline with its positions rounded to {@link PLACES}, repeated corners dropped. */
export function rounded(polygon: TurfPolygon): TurfPolygon {
  const round = (n: number) => Math.round(n * PLACES) / PLACES;
  return {
    type: 'Polygon',
    coordinates: polygon.coordinates.map((ring) =>
      ring
        .map(([lng, lat]) => [round(lng), round(lat)] as [number, number])
        .filter((p, i, all) => i === 0 || p[0] !== all[i - 1]?.[0] || p[1] !== all[i - 1]?.[1]),
    ),
  };
}

/** The cut's turfs as drafts: each named after its rep, coloured in turn, with a new id. */
export function draftsOf(cut: TurfCut, names: ReadonlyMap<string, string>, newId: () => string): TurfDraft[] {
  return cut.turfs.map((turf, i) => ({
    id: newId(),
    repId: turf.repId,
    name: names.get(turf.repId) ?? turf.repId,
    color: TURF_COLORS[i % TURF_COLORS.length] as string,
    polygon: turf.polygon && rounded(turf.polygon),
    doors: turf.doorIds.length,
    weight: turf.weight,
  }));
}

/** The drafts with one outline reshaped, and every turf's doors and weight counted again. */
export function reshape(
  drafts: readonly TurfDraft[],
  id: string,
  polygon: TurfPolygon,
  doors: readonly TurfDoor[],
): TurfDraft[] {
  const next = drafts.map((d) => (d.id === id ? { ...d, polygon } : d));
  const ordered = placementOrder(
    next.filter((d) => d.polygon).map((d) => ({ id: d.id, geometry: d.polygon as RegionGeometry })),
  );
  const totals = new Map(next.map((d) => [d.id, { doors: 0, weight: 0 }]));
  for (const door of doors) {
    const found = regionContaining(ordered, door.lng, door.lat);
    const total = found && totals.get(found.id);
    if (!total) continue;
    total.doors++;
    total.weight += door.weight;
  }
  return next.map((d) => ({ ...d, ...(totals.get(d.id) as { doors: number; weight: number }) }));
}

/** The drafts with one turf given to another rep (named after them unless renamed). */
export function giveTo(
  drafts: readonly TurfDraft[],
  id: string,
  rep: RepChoice,
  names: ReadonlyMap<string, string>,
): TurfDraft[] {
  return drafts.map((d) =>
    d.id === id
      ? { ...d, repId: rep.id, name: d.name === (names.get(d.repId) ?? d.repId) ? rep.name : d.name }
      : d,
  );
}

export type DraftProblem = { id: string; problem: TurfGeometryProblem } | { id: string; problem: 'sameRep' };

/** What stops these drafts being assigned: an outline the server would refuse, or a rep with two turfs. */
export function draftProblems(drafts: readonly TurfDraft[], region: RegionGeometry): DraftProblem[] {
  const problems: DraftProblem[] = [];
  const seen = new Set<string>();
  for (const draft of drafts) {
    if (!draft.polygon) continue;
    const problem = turfGeometryProblem(draft.polygon, region);
    if (problem) problems.push({ id: draft.id, problem });
    if (seen.has(draft.repId)) problems.push({ id: draft.id, problem: 'sameRep' });
    seen.add(draft.repId);
  }
  return problems;
}

/** The cut as the server takes it: every turf with an outline (an empty one is left out). */
export function cutBody(regionId: string, drafts: readonly TurfDraft[]): TurfCutBody {
  return {
    region_id: regionId,
    turfs: drafts
      .filter((d): d is TurfDraft & { polygon: TurfPolygon } => d.polygon !== null)
      .map((d) => ({ id: d.id, name: d.name, color: d.color, user_id: d.repId, geometry: d.polygon })),
  };
}
