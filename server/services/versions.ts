/**
 * Per-org version counter. Each write transaction takes the next value with one upsert, which
 * holds the row lock until commit: versions therefore commit in order and a pull cursor never
 * skips a transaction that committed late. Each also tells the org's open live streams, at commit,
 * that there is something newer to pull (liveUpdates.ts). Issued versions start at 2: rows written
 * without the counter (imports, fixtures) carry the column default 1 and so always sort before them.
 */
import { sql } from 'drizzle-orm';
import { orgVersions } from '../db/schema.ts';
import type { ServiceContext, Tx } from './context.ts';
import { CHANGES_CHANNEL } from './liveUpdates.ts';

export async function nextVersion(tx: Tx, orgId: number): Promise<number> {
  // The notification rides on the same statement (no extra round trip); PostgreSQL delivers it
  // only when this transaction commits, and drops it on a rollback (see liveUpdates.ts).
  const result = (await tx.execute(sql`
    WITH next AS (
      INSERT INTO ${orgVersions} (org_id, v) VALUES (${orgId}, 2)
      ON CONFLICT (org_id) DO UPDATE SET v = ${orgVersions.v} + 1
      RETURNING v
    )
    SELECT v, pg_notify(${CHANGES_CHANNEL}, json_build_object('org_id', ${orgId}::int, 'version', v)::text)
    FROM next`)) as unknown as { rows: { v: number | string }[] };
  const row = result.rows[0];
  if (!row) throw new Error('version counter returned no row');
  return Number(row.v);
}

/** The version a write in this transaction carries: the sync batch's own, or a new one. */
export function writeVersion(ctx: ServiceContext, tx: Tx, orgId: number): Promise<number> {
  return ctx.batch ? Promise.resolve(ctx.batch.version) : nextVersion(tx, orgId);
}
