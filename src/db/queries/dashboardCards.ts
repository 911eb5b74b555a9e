/**
 * What the dashboard's cards read on the device: a table's rows with only the columns the cards
 * need (through the table screens' row index, never full rows), the names of users, teams and
 * regions, the deal stages' labels, a saved view's filters and the contacts' positions (from the
 * map's pin index). A reader keeps what it read, so a later read takes only what was written since.
 */
import Dexie from 'dexie';
import type { DealStage } from '#src/domain/dealStages.ts';
import type { LeaderboardRows } from '#src/domain/leaderboard.ts';
import {
  readViewProperties,
  TABLES,
  type TableKey,
  type ViewProperties,
} from '#src/domain/tables/registry.ts';
import { CrmDatabase } from '../database.ts';
import { META } from '../meta.ts';
import { PIN_COMPACTED_THROUGH, type PinChange } from '../pinIndex.ts';
import { PIN_SNAPSHOT } from '../pinIndexStore.ts';
import type { RowIndexReader } from '../rowIndexReader.ts';
import type { TableRow } from '../rows.ts';
import { dealStages } from './dealStages.ts';
import { type LeaderboardReaders, leaderboardReaders, leaderboardRows } from './leaderboard.ts';
import { tableRowsReader } from './tableRows.ts';

/** A columnar snapshot of positions: the map worker's (only what a position needs of it) or the cards' own. */
interface PinPositionsSnapshot {
  seq: number;
  ids: string[];
  lng: ArrayLike<number>;
  lat: ArrayLike<number>;
}

export type Position = [number, number];

/** Where the dashboard keeps its own columnar copy of the contacts' positions (in `meta`). */
export const POSITIONS_SNAPSHOT = 'dashboard_positions';
/** Pins read from change rows after which the positions are worth saving. */
const SAVE_POSITIONS_AFTER = 2000;
/** How long after the read the positions are saved (the answer goes first). */
const SAVE_POSITIONS_DELAY_MS = 1000;

export interface NameMaps {
  users: Map<string, string>;
  teams: Map<string, string>;
  regions: Map<string, string>;
}

const NAME_COLUMNS = ['name'];

function namesOf(rows: readonly TableRow[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const row of rows) map.set(row._id, typeof row.name === 'string' ? row.name : '');
  return map;
}

/** Reads for a set of dashboard cards, kept between reads (one per device database). */
export class DashboardCardReader {
  readonly db: CrmDatabase;
  private readonly readers = new Map<string, RowIndexReader>();
  private positions = new Map<string, Position>();
  private pinSeq = -1;
  /** Pins read from change rows since the positions were last saved (or loaded from a snapshot). */
  private pinsSinceSave = 0;
  private saving = false;
  private leaderboard: LeaderboardReaders | undefined;

  constructor(db: CrmDatabase) {
    this.db = db;
  }

  private reader(dexieTable: string): RowIndexReader {
    let reader = this.readers.get(dexieTable);
    if (!reader) {
      reader = tableRowsReader(this.db, dexieTable);
      this.readers.set(dexieTable, reader);
    }
    return reader;
  }

  /** A table's live rows holding at least these columns (of the columns the row index keeps). */
  rows(table: TableKey, columns: readonly string[]): Promise<TableRow[]> {
    return this.reader(TABLES[table].dexieTable).rows(columns);
  }

  /** Users', teams' and regions' names by id. */
  async names(): Promise<NameMaps> {
    const [users, teams, regions] = await Promise.all([
      this.reader('users').rows(NAME_COLUMNS),
      this.reader('teams').rows(NAME_COLUMNS),
      this.reader('regions').rows(NAME_COLUMNS),
    ]);
    return { users: namesOf(users), teams: namesOf(teams), regions: namesOf(regions) };
  }

  /** What the leaderboard counts in [start, end): a metric card's rows, read as the leaderboard reads them. */
  metricRows(start: Date, end: Date): Promise<LeaderboardRows> {
    this.leaderboard ??= leaderboardReaders(this.db);
    return leaderboardRows(this.db, this.leaderboard, start, end);
  }

  stages(): Promise<DealStage[]> {
    return dealStages(this.db);
  }

  /** A saved view's properties, when it exists, is not deleted and belongs to the table. */
  async view(table: TableKey, viewId: string): Promise<ViewProperties | undefined> {
    const row = await this.db.table_views.get(viewId);
    if (!row || row.deleted_at || row.table_name !== table) return undefined;
    return readViewProperties(TABLES[table], row.properties);
  }

  /**
   * Every contact's position [lng, lat] by id, from the map's pin index: the newest usable
   * snapshot (the cards' own positions snapshot, else the map's) and the change rows after it, then
   * only the changes since the last read. Reading 100,000 pins from change rows takes a while, so
   * after such a read the positions are saved as a snapshot of their own, away from the answer.
   */
  async contactPositions(): Promise<ReadonlyMap<string, Position>> {
    const db = this.db;
    const read = await db.transaction('r', [db.pin_changes, db.meta], async () => {
      const compacted = Number((await db.meta.get(PIN_COMPACTED_THROUGH))?.value ?? 0);
      // Another reader dropped change rows this one has not read: start again from a snapshot.
      const fresh = this.pinSeq < 0 || compacted > this.pinSeq;
      let snapshot: PinPositionsSnapshot | undefined;
      if (fresh) {
        const own = (await db.meta.get(POSITIONS_SNAPSHOT))?.value as PinPositionsSnapshot | undefined;
        const lastSeq = Number((await db.pin_changes.orderBy(':id').lastKey()) ?? compacted);
        // Usable while no change row after it was dropped (and the rows were never rebuilt).
        snapshot =
          own && own.seq >= compacted && own.seq <= lastSeq
            ? own
            : ((await db.meta.get(PIN_SNAPSHOT))?.value as PinPositionsSnapshot | undefined);
      }
      const after = fresh ? (snapshot?.seq ?? 0) : this.pinSeq;
      const changes = await db.pin_changes.where(':id').above(after).toArray();
      return { fresh, snapshot, after, changes };
    });
    if (read.fresh) {
      this.positions = new Map();
      this.pinSeq = read.after;
      this.pinsSinceSave = 0;
      const snapshot = read.snapshot;
      if (snapshot) {
        for (let i = 0; i < snapshot.ids.length; i++) {
          const lng = snapshot.lng[i] as number;
          const lat = snapshot.lat[i] as number;
          if (Number.isFinite(lng) && Number.isFinite(lat))
            this.positions.set(snapshot.ids[i] as string, [lng, lat]);
        }
      }
    }
    this.applyPins(read.changes);
    if (this.pinsSinceSave >= SAVE_POSITIONS_AFTER) this.savePositionsSoon();
    return this.positions;
  }

  /** Saves the positions read so far as the cards' own snapshot, once the answer has gone. */
  private savePositionsSoon(): void {
    if (this.saving) return;
    this.saving = true;
    setTimeout(() => {
      const n = this.positions.size;
      const snapshot = {
        seq: this.pinSeq,
        ids: new Array<string>(n),
        lng: new Float64Array(n),
        lat: new Float64Array(n),
      };
      let i = 0;
      for (const [id, [lng, lat]] of this.positions) {
        snapshot.ids[i] = id;
        snapshot.lng[i] = lng;
        snapshot.lat[i] = lat;
        i++;
      }
      const db = this.db;
      Dexie.ignoreTransaction(() =>
        db.transaction('rw', [db.meta], async () => {
          const saved = (await db.meta.get(POSITIONS_SNAPSHOT))?.value as PinPositionsSnapshot | undefined;
          // Another tab's dashboard saved a newer one meanwhile.
          if (saved && saved.seq >= snapshot.seq) return;
          await db.meta.put({ key: POSITIONS_SNAPSHOT, value: snapshot });
        }),
      )
        .then(() => {
          this.pinsSinceSave = 0;
        })
        .catch((err: unknown) => console.warn('dashboard positions not saved', err))
        .finally(() => {
          this.saving = false;
        });
    }, SAVE_POSITIONS_DELAY_MS);
  }

  private applyPins(changes: readonly PinChange[]): void {
    const positions = this.positions;
    for (const change of changes) {
      for (const pin of change.pins ?? []) {
        if (pin.removed || pin.lng === null || pin.lat === null) positions.delete(pin._id);
        else positions.set(pin._id, [pin.lng, pin.lat]);
      }
      for (const id of change.removed ?? []) positions.delete(id);
      this.pinSeq = Math.max(this.pinSeq, change.seq ?? 0);
      this.pinsSinceSave += (change.pins?.length ?? 0) + (change.removed?.length ?? 0);
    }
  }
}

/**
 * What the dashboard's cards depend on, as one value that changes when any of it changes: the last
 * write to each table (and to users, teams and regions, whose names label groups), the views the
 * cards start from and the deal stages; with metric cards, the sync cursor and the outbox too. A live query of it tells the screen to compute again; it
 * reads a handful of records, never rows.
 */
export async function dashboardChangeKey(
  db: CrmDatabase,
  tables: readonly TableKey[],
  viewIds: readonly string[],
  metrics = false,
): Promise<string> {
  // Metric cards count activities, appointments and knocks, which keep no write log: a pull (its
  // cursor) or a write of this device (its outbox) may change them.
  const syncKey = metrics
    ? Promise.all([db.meta.get(META.cursor), db.outbox.toCollection().lastKey()]).then(
        ([cursor, last]) => `metrics:${String(cursor?.value ?? 0)}:${String(last ?? 0)}`,
      )
    : Promise.resolve('');
  const dexieTables = [
    ...new Set([...tables.map((t) => TABLES[t].dexieTable), 'users', 'teams', 'regions']),
  ].sort();
  const [writes, views, stages] = await Promise.all([
    Promise.all(
      dexieTables.map((t) =>
        db.row_writes
          .where('[table+w]')
          .between([t, -Infinity], [t, Infinity])
          .last()
          .then((w) => `${t}:${w?.w ?? 0}`),
      ),
    ),
    viewIds.length ? db.table_views.bulkGet([...viewIds].sort()) : Promise.resolve([]),
    db.interfaces.where('key').equals('deal_stage').first(),
  ]);
  // A view's properties themselves: a change made on this device shows before any sync.
  const viewKeys = views.map((v) =>
    v
      ? `${v._id}:${v.deleted_at ? 'gone' : ''}:${String(v.table_name)}:${JSON.stringify(v.properties ?? null)}`
      : '-',
  );
  return [
    ...writes,
    ...viewKeys,
    `stages:${stages?.version ?? ''}:${String(stages?.updated_at ?? '')}`,
    await syncKey,
  ].join('|');
}

/** A reader on its own connection to the user's database, for the card worker. */
export function openDashboardCardReader(databaseName: string): DashboardCardReader {
  return new DashboardCardReader(new CrmDatabase(databaseName));
}
