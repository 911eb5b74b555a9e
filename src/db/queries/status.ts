/** The queue's state as a person sees it: what waits to be sent, what the server refused. */
import type { CrmDatabase, EntityRow, RejectedEntry } from '../database.ts';

/** How many changes wait to reach the server. */
export function pendingCount(db: CrmDatabase): Promise<number> {
  return db.outbox.count();
}

export function rejectedCount(db: CrmDatabase): Promise<number> {
  return db.rejected.count();
}

/** A refused change with the row it was for as the server has it now (none for a refused add). */
export interface RejectedChange {
  entry: RejectedEntry;
  /** The last server copy of the row on this device (its base while other changes wait). */
  server: EntityRow | undefined;
}

export async function rejectedChanges(db: CrmDatabase): Promise<RejectedChange[]> {
  const entries = await db.rejected.toArray();
  return Promise.all(
    entries.map(async (entry) => {
      const { table, row_id: id } = entry.mutation;
      if (entry.mutation.name.endsWith('.add.v1')) return { entry, server: undefined };
      const base = await db.base.get([table, id]);
      return { entry, server: base?.row ?? (await db.entity(table).get(id)) };
    }),
  );
}
