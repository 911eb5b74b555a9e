/**
 * Per-org version counter. Each write transaction takes the next value with one upsert, which
 * holds the row lock until commit: versions therefore commit in order and a pull cursor never
 * skips a transaction that committed late. Issued versions start at 2: rows written without the
 * counter (imports, fixtures) carry the column default 1 and so always sort before them.
 */
import { sql } from 'drizzle-orm';
import { orgVersions } from '../db/schema.ts';
import type { ServiceContext, Tx } from './context.ts';

export async function nextVersion(tx: Tx, orgId: number): Promise<number> {
  const [row] = await tx
    .insert(orgVersions)
    .values({ org_id: orgId, v: 2 })
    .onConflictDoUpdate({ target: orgVersions.org_id, set: { v: sql`${orgVersions.v} + 1` } })
    .returning({ v: orgVersions.v });
  if (!row) throw new Error('version counter returned no row');
  return Number(row.v);
}

/** The version a write in this transaction carries: the sync batch's own, or a new one. */
export function writeVersion(ctx: ServiceContext, tx: Tx, orgId: number): Promise<number> {
  return ctx.batch ? Promise.resolve(ctx.batch.version) : nextVersion(tx, orgId);
}
