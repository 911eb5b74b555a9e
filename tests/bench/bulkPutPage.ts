/**
 * Bundled into a page of the bench app's origin: what the row index adds to a sync's bulk puts.
 * The same rows are put in pages of 1,000 (as a pull does) into a plain Dexie database, into the
 * device database without the row index, and into the device database as it is.
 */
import Dexie from 'dexie';
import { CrmDatabase, type EntityRow } from '#src/db/database.ts';
import { rowIndexMiddleware } from '#src/db/rowIndex.ts';

type Variant = 'raw' | 'without_row_index' | 'device';

async function putAll(variant: Variant, rows: EntityRow[], page: number): Promise<number> {
  const name = `bench-bulk-${variant}-${Math.random().toString(36).slice(2)}`;
  let db: Dexie;
  if (variant === 'raw') {
    db = new Dexie(name);
    db.version(1).stores({
      contacts: '_id, deal_stage_status, owner_id, team_id, updated_at, last_touched_at',
    });
  } else {
    const device = new CrmDatabase(name);
    if (variant === 'without_row_index')
      device.unuse({ stack: 'dbcore', name: rowIndexMiddleware.name as string });
    db = device;
  }
  await db.open();
  const tables = variant === 'raw' ? ['contacts'] : ['contacts', 'pin_changes'];
  const started = performance.now();
  for (let i = 0; i < rows.length; i += page) {
    await db.transaction('rw', tables, () => db.table('contacts').bulkPut(rows.slice(i, i + page)));
  }
  const ms = performance.now() - started;
  db.close();
  await Dexie.delete(name);
  return ms;
}

(globalThis as unknown as { bulkPutBench: typeof putAll }).bulkPutBench = putAll;
