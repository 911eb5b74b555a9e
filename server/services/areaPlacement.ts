/**
 * What placing contacts in regions (regionAssignment.ts) and in turfs (turfAssignment.ts) share:
 * the contacts a changed outline can affect, read with their position and current area, and the
 * moves written back grouped by the area each contact goes to, one update per area, with the
 * change's version so devices pull the moved contacts with the change itself.
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { selectRows } from '../db/client.ts';
import { contacts } from '../db/schema.ts';
import type { Tx } from './context.ts';

/** The contact column an area is kept in. */
type AreaColumn = 'region_id' | 'turf_id';

export interface AreaCandidate {
  id: string;
  lng: number | null;
  lat: number | null;
  /** The area the contact is in now. */
  current: string | null;
}

export interface AreaChange {
  version: number;
  now: string;
  userId: string;
}

export const hasPosition = (lng: unknown, lat: unknown): lng is number =>
  typeof lng === 'number' && typeof lat === 'number' && Number.isFinite(lng) && Number.isFinite(lat);

/** The org's live contacts that match `where` (a bounding-box prefilter, or being in an area). */
export async function areaCandidates(
  tx: Tx,
  orgId: number,
  column: AreaColumn,
  where: SQL,
): Promise<AreaCandidate[]> {
  const rows = await selectRows(
    tx as never,
    sql`SELECT ${contacts.id} AS id, ${contacts.lng} AS lng, ${contacts.lat} AS lat, ${contacts[column]} AS current
        FROM ${contacts}
        WHERE ${contacts.org_id} = ${orgId} AND ${contacts.deleted_at} IS NULL AND (${where})`,
  );
  return rows.map((row) => ({
    id: String(row.id),
    lng: row.lng === null ? null : Number(row.lng),
    lat: row.lat === null ? null : Number(row.lat),
    current: (row.current as string | null) ?? null,
  }));
}

/**
 * Writes each candidate's area as `nextOf` decides, leaving those that stay where they are; one
 * update per destination area. Answers how many contacts moved.
 */
export async function moveToAreas(
  tx: Tx,
  orgId: number,
  column: AreaColumn,
  candidates: readonly AreaCandidate[],
  nextOf: (candidate: AreaCandidate) => string | null,
  change: AreaChange,
): Promise<number> {
  const moves = new Map<string | null, string[]>();
  for (const candidate of candidates) {
    const next = nextOf(candidate);
    if (next === candidate.current) continue;
    const ids = moves.get(next) ?? [];
    ids.push(candidate.id);
    moves.set(next, ids);
  }
  let moved = 0;
  for (const [next, ids] of moves) {
    await tx
      .update(contacts)
      .set({ [column]: next, version: change.version, updated_at: change.now, updated_by: change.userId })
      .where(and(eq(contacts.org_id, orgId), sql`${contacts.id} = ANY(${sql.param(ids)}::uuid[])`));
    moved += ids.length;
  }
  return moved;
}
