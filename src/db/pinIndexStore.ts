/**
 * The pin worker's reads and writes of the pin index (pinIndex.ts), on its own connection.
 * Invariant: a snapshot and the change rows it replaces change in one transaction, and
 * `PIN_COMPACTED_THROUGH` says up to which change rows another reader may have missed.
 */
import { CrmDatabase } from './database.ts';
import { PIN_COMPACTED_THROUGH, type PinChange } from './pinIndex.ts';

/** Where the pin worker keeps its columnar copy of the index. */
export const PIN_SNAPSHOT = 'pin_snapshot';

export class PinIndexStore<S extends { seq: number }> {
  private readonly db: CrmDatabase;

  constructor(databaseName: string, options?: ConstructorParameters<typeof CrmDatabase>[1]) {
    this.db = new CrmDatabase(databaseName, options);
  }

  close(): void {
    this.db.close();
  }

  /** Change rows after `seq`, and up to which rows a snapshot has already dropped. */
  changesSince(seq: number): Promise<[PinChange[], number]> {
    const db = this.db;
    return db.transaction('r', [db.pin_changes, db.meta], () =>
      Promise.all([
        db.pin_changes.where(':id').above(seq).toArray(),
        db.meta.get(PIN_COMPACTED_THROUGH).then((e) => Number(e?.value ?? 0)),
      ]),
    );
  }

  /** The saved snapshot (if any) and every change row after it, read together. */
  snapshotAndChanges(): Promise<{ snapshot: S | undefined; changes: PinChange[] }> {
    const db = this.db;
    return db.transaction('r', [db.pin_changes, db.meta], async () => {
      const snapshot = (await db.meta.get(PIN_SNAPSHOT))?.value as S | undefined;
      const changes = await db.pin_changes
        .where(':id')
        .above(snapshot?.seq ?? 0)
        .toArray();
      return { snapshot, changes };
    });
  }

  /** Saves a snapshot and drops the rows it holds, unless another tab saved a newer one. */
  async saveSnapshot(snapshot: S): Promise<void> {
    const db = this.db;
    await db.transaction('rw', [db.pin_changes, db.meta], async () => {
      const current = (await db.meta.get(PIN_SNAPSHOT))?.value as S | undefined;
      if (current && current.seq >= snapshot.seq) return;
      await db.meta.put({ key: PIN_SNAPSHOT, value: snapshot });
      await db.pin_changes.where(':id').belowOrEqual(snapshot.seq).delete();
      await db.meta.put({ key: PIN_COMPACTED_THROUGH, value: snapshot.seq });
    });
  }
}
