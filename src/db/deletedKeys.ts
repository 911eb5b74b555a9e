import type { DBCoreDeleteRangeRequest, DBCoreTable } from 'dexie';

/**
 * The keys a `deleteRange` is about to remove (a table's `clear()` is one), read in its own
 * transaction before it runs: the derived stores kept beside a table (pin index, row index) must
 * know which rows go.
 */
export async function keysInRange(table: DBCoreTable, req: DBCoreDeleteRangeRequest): Promise<string[]> {
  const found = await table.query({
    trans: req.trans,
    values: false,
    query: { index: table.schema.primaryKey, range: req.range },
  });
  return (found.result as unknown[]).map(String);
}
