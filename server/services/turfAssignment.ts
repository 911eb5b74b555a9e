/**
 * A contact's turf follows its position, as its region does (regionAssignment.ts): the live turf
 * whose outline contains it (the smallest when several do), else none. Leads are placed when added
 * or moved; the contacts a change of turfs can affect are placed again when turfs are cut, changed
 * or deleted, in the same transaction and with its version, so devices pull them with the turfs.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  type PlacedRegion,
  placementOrder,
  regionBounds,
  regionContaining,
} from '#src/domain/regionGeometry.ts';
import { asTurfPolygon } from '#src/domain/turfGeometry.ts';
import { contacts, turfs } from '../db/schema.ts';
import { type AreaChange, areaCandidates, hasPosition, moveToAreas } from './areaPlacement.ts';
import type { Tx } from './context.ts';

/** The org's live turfs, in placement order. */
async function liveTurfs(tx: Tx, orgId: number): Promise<PlacedRegion[]> {
  const rows = await tx
    .select({ id: turfs.id, geometry: turfs.geometry })
    .from(turfs)
    .where(and(eq(turfs.org_id, orgId), isNull(turfs.deleted_at)));
  const placed: PlacedRegion[] = [];
  for (const row of rows) {
    const geometry = asTurfPolygon(row.geometry);
    if (geometry) placed.push({ id: row.id, geometry });
  }
  return placementOrder(placed);
}

/** The turf of a lead at (lng, lat): the turf containing it, or none; without a position, `current`. */
export async function turfAtPosition(
  tx: Tx,
  orgId: number,
  lng: number | null | undefined,
  lat: number | null | undefined,
  current: string | null,
): Promise<string | null> {
  if (!hasPosition(lng, lat)) return current;
  return regionContaining(await liveTurfs(tx, orgId), lng, lat as number)?.id ?? null;
}

/**
 * Places again the contacts changed turfs can affect: those inside the outlines of `turfIds`
 * (found through a bounding-box prefilter, then the shared point test) and those that were in one
 * of them. Contacts without a position leave a deleted turf. Answers how many changed turf.
 */
export async function placeTurfContacts(
  tx: Tx,
  orgId: number,
  turfIds: readonly string[],
  change: AreaChange,
): Promise<number> {
  if (!turfIds.length) return 0;
  const ordered = await liveTurfs(tx, orgId);
  const boxes = ordered
    .filter((turf) => turfIds.includes(turf.id))
    .map((turf) => {
      const [west, south, east, north] = regionBounds(turf.geometry);
      return sql`(${contacts.lng} BETWEEN ${west} AND ${east} AND ${contacts.lat} BETWEEN ${south} AND ${north})`;
    });
  const inBox = boxes.length ? sql.join(boxes, sql` OR `) : sql`false`;
  const candidates = await areaCandidates(
    tx,
    orgId,
    'turf_id',
    sql`${inBox} OR ${contacts.turf_id} = ANY(${sql.param([...turfIds])}::uuid[])`,
  );
  const live = new Set(ordered.map((turf) => turf.id));
  return moveToAreas(
    tx,
    orgId,
    'turf_id',
    candidates,
    ({ lng, lat, current }) =>
      hasPosition(lng, lat)
        ? (regionContaining(ordered, lng, lat as number)?.id ?? null)
        : current && live.has(current)
          ? current
          : null,
    change,
  );
}
