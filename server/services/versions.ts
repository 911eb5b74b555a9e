/**
 * Per-org version counter. Every write takes the org's next version for all the rows it writes,
 * and a pull moves its cursor over versions in order, so a version must never become readable
 * while a lower one may still commit. A write holds the counter until it commits
 * (`inVersionedTransaction`): the org's writes run one at a time and commit in version order.
 * A sync batch of field work (status changes, knocks, new notes) instead leases its version in a
 * statement of its own on PostgreSQL, and a pull reads only below the lowest lease still held
 * (`withLeasedVersion`, `pullableVersion`): reps' batches run side by side. Each write also tells
 * the org's open live streams that there is something newer to pull (liveUpdates.ts). Issued
 * versions start at 2: rows written without the counter (imports, fixtures) carry the column
 * default 1 and so always sort before them.
 */
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { orgVersions, versionLeases } from '../db/schema.ts';
import { inTransaction, type ServiceContext, type Tx } from './context.ts';
import { CHANGES_CHANNEL } from './liveUpdates.ts';

/**
 * Takes the org's next version inside the caller's transaction, holding the counter until it
 * commits. With `announce`, the same statement tells the live streams (PostgreSQL delivers it only
 * when the transaction commits, and drops it on a rollback; see liveUpdates.ts).
 */
export async function nextVersion(tx: Tx, orgId: number, announce = true): Promise<number> {
  const notify = announce
    ? sql`pg_notify(${CHANGES_CHANNEL}, json_build_object('org_id', ${orgId}::int, 'version', v)::text)`
    : sql`NULL`;
  const result = (await tx.execute(sql`
    WITH next AS (
      INSERT INTO ${orgVersions} (org_id, v) VALUES (${orgId}, 2)
      ON CONFLICT (org_id) DO UPDATE SET v = ${orgVersions.v} + 1
      RETURNING v
    )
    SELECT v, ${notify} FROM next`)) as unknown as { rows: { v: number | string }[] };
  const row = result.rows[0];
  if (!row) throw new Error('version counter returned no row');
  return Number(row.v);
}

/**
 * Runs `work` in a transaction (or in the sync batch's savepoint) that holds the org's version
 * from its very first statement: the batch's own version inside a sync push, a new one otherwise.
 *
 * The one lock order of such writes: the org's version first, then any row. The counter stays
 * locked until commit, so the org's writes through here run one at a time: checks across rows
 * (the last admin, a free name, a distribution rule's daily cap) see every write before them.
 * A write that locked a row and only then asked for the version could wait on a writer that waits
 * on that row — a deadlock, which PostgreSQL breaks by failing one side, answered as "try again
 * later" (503). Taking the version first makes every such writer queue on the counter instead.
 * Only a sync batch of field work takes a leased version instead (sync.ts, {@link withLeasedVersion}).
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
  if (ctx.batch) {
    const { version } = ctx.batch;
    return inTransaction(ctx, (tx) => work(tx, version));
  }
  return withOrgVersion(ctx.db, orgId, work);
}

/**
 * A transaction of its own that takes the org's next version first and holds it until commit. On
 * PostgreSQL the live streams are told after the commit, with the version a pull may then reach:
 * while a leased write under a lower version is still open that is below this write's own, and the
 * leased write's own nudge names both once it commits (a device asks again only for a higher one).
 */
export async function withOrgVersion<T>(
  db: Tx,
  orgId: number,
  work: (tx: Tx, version: number) => Promise<T>,
): Promise<T> {
  const pool = poolOf(db);
  if (!pool) return db.transaction(async (tx) => work(tx, await nextVersion(tx, orgId)));
  const result = await db.transaction(async (tx) => work(tx, await nextVersion(tx, orgId, false)));
  await announce(pool, orgId);
  return result;
}

/**
 * A transaction of its own with a leased version of the org, for writes that check nothing across
 * rows beyond those they lock themselves (a sync batch of field work, sync.ts).
 *
 * On PostgreSQL the version is leased ({@link leasedTransaction}): such a write waits on the org's
 * other writers only for one short statement, not for their whole transactions, and a pull reads
 * only versions below the lowest lease still held ({@link pullableVersion}), so it never skips a
 * transaction that commits late. A write through {@link withOrgVersion} meanwhile holds the counter
 * until it commits, so no lease is taken under it and its version stays unreadable until then.
 * Embedded PGlite runs one transaction at a time anyway: there the counter is held until commit.
 */
export function withLeasedVersion<T>(
  db: Tx,
  orgId: number,
  work: (tx: Tx, version: number) => Promise<T>,
): Promise<T> {
  const pool = poolOf(db);
  if (pool) return leasedTransaction(pool, orgId, work);
  return withOrgVersion(db, orgId, work);
}

function poolOf(db: Tx): pg.Pool | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

const onClient = new WeakMap<pg.PoolClient, Database>();

/**
 * One connection of the pool: first a statement of its own takes the org's next version and a
 * lease on it (committed at once, so every pull sees it; without waiting for the disk, as nothing
 * depends on it surviving a crash that the transaction itself would not survive), then the
 * transaction writes with that version and removes the lease, so the rows and the lease's end
 * become visible together. A transaction that fails removes its lease after its rollback; should
 * even that fail, the connection is closed, and a lease whose connection is gone counts as given
 * up. Once committed, the org's live streams are told the highest version a pull may now reach.
 */
async function leasedTransaction<T>(
  pool: pg.Pool,
  orgId: number,
  work: (tx: Tx, version: number) => Promise<T>,
): Promise<T> {
  const org = Math.trunc(orgId);
  if (!Number.isSafeInteger(org)) throw new Error(`not an org id: ${orgId}`);
  const client = await pool.connect();
  let broken: Error | undefined;
  let version: number | undefined;
  let committed = false;
  try {
    version = await takeLease(client, org);
    const leased = version;
    let db = onClient.get(client);
    if (!db) {
      db = drizzle(client, { schema }) as unknown as Database;
      onClient.set(client, db);
    }
    const result = await db.transaction(async (tx) => {
      const out = await work(tx, leased);
      await tx.execute(sql`DELETE FROM ${versionLeases} WHERE org_id = ${org} AND v = ${leased}`);
      return out;
    });
    committed = true;
    await announce(client, org);
    return result;
  } catch (err) {
    if (version !== undefined && !committed) {
      await client
        .query('DELETE FROM version_leases WHERE org_id = $1 AND v = $2', [org, version])
        .catch((failure: Error) => {
          broken = failure;
        });
    }
    throw err;
  } finally {
    client.release(broken);
  }
}

async function takeLease(client: pg.PoolClient, org: number): Promise<number> {
  try {
    // One round trip (the simple protocol takes several statements; `org` is a checked integer).
    const results = (await client.query(`BEGIN;
SET LOCAL synchronous_commit TO OFF;
WITH next AS (
  INSERT INTO org_versions (org_id, v) VALUES (${org}, 2)
  ON CONFLICT (org_id) DO UPDATE SET v = org_versions.v + 1
  RETURNING v
)
INSERT INTO version_leases (org_id, v, pid, backend_start)
SELECT ${org}, next.v, pg_backend_pid(), (SELECT backend_start FROM pg_stat_activity WHERE pid = pg_backend_pid())
FROM next RETURNING v;
COMMIT;`)) as unknown as pg.QueryResult[];
    const row = results.find((r) => r.rows?.length)?.rows[0] as { v: string | number } | undefined;
    if (!row) throw new Error('version lease returned no row');
    return Number(row.v);
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

/** Tells the org's live streams, after a commit, the highest version a pull may now reach. */
async function announce(db: pg.Pool | pg.PoolClient, orgId: number): Promise<void> {
  await db
    .query(`SELECT pg_notify($1, json_build_object('org_id', $2::int, 'version', (${PULLABLE}))::text)`, [
      CHANGES_CHANNEL,
      orgId,
    ])
    .then(
      () => undefined,
      (err: Error) => console.error(`live update for org ${orgId} not sent:`, err.message),
    );
}

/**
 * A lease held by a live connection: the one that took it, by pid and start time. A connection of
 * another database role shows no start time to this one; it then counts as live, so a pull waits
 * for it rather than risk reading past it.
 */
const LIVE_LEASE = `EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.pid = l.pid AND (a.backend_start IS NULL OR l.backend_start IS NULL OR a.backend_start = l.backend_start))`;

/** SQL of the highest version of org `$2` a pull may reach: below the lowest lease held, else the counter. */
const PULLABLE = `coalesce(
  (SELECT min(l.v) - 1 FROM version_leases l WHERE l.org_id = $2 AND ${LIVE_LEASE}),
  (SELECT v FROM org_versions WHERE org_id = $2),
  0)`;

/**
 * The highest version of the org a pull may read up to: every version at or below it is committed
 * or given up. (On PGlite no lease is ever taken: the counter's value.)
 */
export async function pullableVersion(db: Tx, orgId: number): Promise<number> {
  const result = (await db.execute(sql`SELECT coalesce(
    (SELECT min(l.v) - 1 FROM ${versionLeases} l WHERE l.org_id = ${orgId} AND ${sql.raw(LIVE_LEASE)}),
    (SELECT v FROM ${orgVersions} WHERE org_id = ${orgId}),
    0) AS v`)) as unknown as { rows: { v: number | string }[] };
  return Number(result.rows[0]?.v ?? 0);
}

/**
 * What a pull starts from, in one read: the org's tombstone horizon and the highest version it may
 * read up to (as `pullableVersion`). Undefined for an org that never had a versioned write (no
 * counter, so no lease: all its rows are readable).
 */
export async function pullBounds(
  db: Tx,
  orgId: number,
): Promise<{ horizon: number; reachable: number } | undefined> {
  const result = (await db.execute(sql`SELECT o.horizon, coalesce(
    (SELECT min(l.v) - 1 FROM ${versionLeases} l WHERE l.org_id = o.org_id AND ${sql.raw(LIVE_LEASE)}),
    o.v) AS reachable FROM ${orgVersions} o WHERE o.org_id = ${orgId}`)) as unknown as {
    rows: { horizon: number | string; reachable: number | string }[];
  };
  const row = result.rows[0];
  return row ? { horizon: Number(row.horizon), reachable: Number(row.reachable) } : undefined;
}

/**
 * Removes the leases of connections that are gone (an instance killed mid-write). A pull already
 * passes over them; this only keeps the table small. PostgreSQL only: PGlite takes no leases.
 */
export async function dropDeadLeases(db: Tx): Promise<number> {
  const result = (await db.execute(
    sql`DELETE FROM ${versionLeases} l WHERE NOT ${sql.raw(LIVE_LEASE)}`,
  )) as unknown as { rowCount?: number | null };
  return result.rowCount ?? 0;
}
