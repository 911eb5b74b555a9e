/**
 * Per-org version counter. Each write transaction takes the next value with one upsert, which
 * holds the row lock until commit: versions therefore commit in order and a pull cursor never
 * skips a transaction that committed late. Each also tells the org's open live streams, at commit,
 * that there is something newer to pull (liveUpdates.ts). Issued versions start at 2: rows written
 * without the counter (imports, fixtures) carry the column default 1 and so always sort before them.
 */
import { sql } from 'drizzle-orm';
import { orgVersions } from '../db/schema.ts';
import { inTransaction, type ServiceContext, type Tx } from './context.ts';
import { CHANGES_CHANNEL } from './liveUpdates.ts';

/**
 * Takes the org's next version. Only a sync batch (sync.ts, after its device row) calls this
 * directly; every other write goes through {@link inVersionedTransaction}.
 */
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

/**
 * Runs `work` in a transaction (or in the sync batch's savepoint) that holds the org's version
 * from its very first statement: the batch's own version inside a sync push, a new one otherwise.
 *
 * The one lock order of every write: the org's version first, then any row. A sync batch takes
 * its version before it applies any change, so a write that locked a row (SELECT … FOR UPDATE, an
 * UPDATE, an INSERT … ON CONFLICT) and only then asked for the version could wait on a batch that
 * waits on that row — a deadlock, which PostgreSQL breaks by failing one side, answered as "try
 * again later" (503). Taking the version first makes every writer queue on the counter instead.
 *
 * A write that validates and then refuses rolls the counter back with it. One that commits without
 * writing a row (nothing changed) leaves its version unused: harmless, because a pull asks for rows
 * with a version above its cursor and moves the cursor to the highest version it sent, never
 * counting on consecutive numbers (sync.ts, `pull`); the live stream's extra nudge only makes
 * devices ask and get nothing. Periodic jobs still check first and open this only to write.
 */
export function inVersionedTransaction<T>(
  ctx: Pick<ServiceContext, 'db' | 'batch'>,
  orgId: number,
  work: (tx: Tx, version: number) => Promise<T>,
): Promise<T> {
  return inTransaction(ctx, async (tx) =>
    work(tx, ctx.batch ? ctx.batch.version : await nextVersion(tx, orgId)),
  );
}
