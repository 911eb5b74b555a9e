/**
 * A contact's region follows its position: the region whose outline contains it (the smallest
 * when several do, src/domain/regionGeometry.ts `placementOrder`). Leads are placed when added or
 * moved; a region's contacts are placed again when it is drawn, redrawn or deleted, inside the
 * same transaction and with its version, so devices pull the changed contacts with the region.
 * Regions without an outline are assigned by hand and are left as they are.
 */
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  asRegionGeometry,
  type PlacedRegion,
  placementOrder,
  regionBounds,
  regionContaining,
} from '#src/domain/regionGeometry.ts';
import { contacts, regions } from '../db/schema.ts';
import { type AreaChange, areaCandidates, hasPosition, moveToAreas } from './areaPlacement.ts';
import type { Tx } from './context.ts';

/** The org's regions that have a valid outline, in placement order. */
export async function drawnRegions(tx: Tx, orgId: number): Promise<PlacedRegion[]> {
  const rows = await tx
    .select({ id: regions.id, geometry: regions.geometry })
    .from(regions)
    .where(and(eq(regions.org_id, orgId), isNull(regions.deleted_at), isNotNull(regions.geometry)));
  const placed: PlacedRegion[] = [];
  for (const row of rows) {
    // Outlines stored before the shared check existed may be invalid: they place nothing.
    const geometry = asRegionGeometry(row.geometry);
    if (geometry) placed.push({ id: row.id, geometry });
  }
  return placementOrder(placed);
}

/**
 * The region of a lead at (lng, lat) whose region would otherwise be `current`: the region
 * containing it; outside every outline, none if `current` is a drawn region (it has left it),
 * else `current` (a hand-assigned region, or none). Without a position, `current`.
 */
export async function regionAtPosition(
  tx: Tx,
  orgId: number,
  lng: number | null | undefined,
  lat: number | null | undefined,
  current: string | null,
): Promise<string | null> {
  if (!hasPosition(lng, lat)) return current;
  const ordered = await drawnRegions(tx, orgId);
  const found = regionContaining(ordered, lng as number, lat as number);
  if (found) return found.id;
  return current && ordered.some((r) => r.id === current) ? null : current;
}

/** Whether an edit's values move the lead (a new latitude or longitude). */
export function positionChanged(
  existing: { lat: number | null; lng: number | null },
  values: { lat?: number | null; lng?: number | null },
): boolean {
  return (
    (values.lat !== undefined && values.lat !== existing.lat) ||
    (values.lng !== undefined && values.lng !== existing.lng)
  );
}

/**
 * Places again the contacts a change of region `regionId` can affect: those inside its (new)
 * outline, found through a bounding-box prefilter on lat/lng and then the shared point test, and
 * those that were in it. `deleted` says the region is gone, so even contacts without a position
 * leave it. Answers how many contacts changed region.
 */
export async function reassignRegionContacts(
  tx: Tx,
  orgId: number,
  regionId: string,
  change: AreaChange & { deleted: boolean },
): Promise<number> {
  const ordered = await drawnRegions(tx, orgId);
  const target = ordered.find((r) => r.id === regionId);
  let inBox = sql`false`;
  if (target) {
    const [west, south, east, north] = regionBounds(target.geometry);
    inBox = sql`(${contacts.lng} BETWEEN ${west} AND ${east} AND ${contacts.lat} BETWEEN ${south} AND ${north})`;
  }
  const candidates = await areaCandidates(
    tx,
    orgId,
    'region_id',
    sql`${inBox} OR ${contacts.region_id} = ${regionId}`,
  );
  return moveToAreas(
    tx,
    orgId,
    'region_id',
    candidates,
    ({ lng, lat, current }) => {
      if (!hasPosition(lng, lat)) return change.deleted && current === regionId ? null : current;
      const found = regionContaining(ordered, lng, lat as number);
      return found ? found.id : current === regionId ? null : current;
    },
    change,
  );
}
