/**
 * The device's database (IndexedDB through Dexie): the UI's only source of data.
 * Invariants:
 * - one database per signed-in user (`hs-<userId>`), so a second user on the device never reads or
 *   pushes the first user's rows or queue;
 * - entity tables hold view rows = the last server copy plus this device's pending mutations;
 *   `base` keeps the server copy of a row only while the row has pending mutations;
 * - `outbox` ids are this device's mutation numbers, taken from `meta.next_mutation_id` in the
 *   same transaction as the write, so two tabs never reuse one;
 * - the pin index follows `contacts` (pinIndex.ts): every transaction that writes contacts also
 *   holds `pin_changes`;
 * - the row index follows every table a table screen lists (rowIndex.ts): every read-write
 *   transaction on one of them also holds `row_writes` and `row_columns` (widened by the index's
 *   middleware, so no write path lists them);
 * - `contacts` is keyed by `_id` only (v6): reads that filter or sort leads do it in memory or
 *   through an index kept beside contacts, so storing a pulled lead is a single write;
 * - schema versions are only ever added, each with an upgrade and a test.
 */
import Dexie, { type Table } from 'dexie';
import { SYNC_TABLES, type SyncTable } from '../domain/syncProtocol.ts';
import { type PinChange, pinIndexMiddleware, pinOf } from './pinIndex.ts';
import {
  INDEXED_COLUMNS,
  type RowColumn,
  type RowWrite,
  rowIndexMiddleware,
  snapshotOf,
} from './rowIndex.ts';

/** A row as the server sends it (snake_case, `_id`, `version`, `deleted_at`). */
export type EntityRow = Record<string, unknown> & {
  _id: string;
  version?: number;
  deleted_at?: string | null;
};

export interface OutboxEntry {
  /** This device's mutation number: 1, 2, 3… */
  id: number;
  name: string;
  args: Record<string, unknown>;
  table: SyncTable;
  row_id: string;
  /** Device time, for showing only; never used for ordering. */
  created_at: string;
  /** Who made the change (this database's user), shown as the author of a record made here. */
  author?: string;
  /** The server answered `applied`: kept until a pull brings the row that includes it. */
  acked?: 0 | 1;
}

export interface RejectedEntry {
  id: number;
  mutation: OutboxEntry;
  message: string;
  rejected_at: string;
}

export interface BaseEntry {
  table: SyncTable;
  _id: string;
  row: EntityRow;
}

export interface MetaEntry {
  key: string;
  value: unknown;
}

/** Append-only records pushed in batches and kept until synced (then prunable). */
export interface LogRecord {
  id: string;
  synced: 0 | 1;
  [field: string]: unknown;
}

/** Every entity table a pull fills: the sync protocol's tables. */
export const ENTITY_TABLES: readonly SyncTable[] = SYNC_TABLES;

export const LOG_TABLES = ['app_sessions', 'events', 'error_logs', 'fingerprints', 'path_points'] as const;

const SCHEMA_V1: Record<string, string> = {
  contacts: '_id, deal_stage_status, owner_id, team_id, updated_at, last_touched_at',
  users: '_id, email',
  teams: '_id',
  team_members: '_id, team_id, user_id',
  regions: '_id',
  products: '_id',
  sales_channels: '_id',
  interfaces: '_id, key',
  notifications: '_id, id',
  announcements: '_id',
  contests: '_id',
  layouts: '_id',
  notes: '_id, lead_id',
  appointments: '_id, lead_id',
  activities: '_id, date',
  base: '[table+_id], table',
  outbox: 'id, row_id',
  rejected: 'id',
  meta: 'key',
  app_sessions: 'id, synced',
  events: 'id, synced',
  error_logs: 'id, synced',
  fingerprints: 'id, synced',
  paths: 'id, synced',
  path_points: 'id, path_id, synced',
  media_blobs: 'id',
};

/** A file (or its thumbnail, id `<media id>:thumb`) kept on the device until the sync engine uploads it. */
export interface MediaBlob {
  id: string;
  /**
   * The file's bytes. Kept as bytes and `type`, not as a Blob: WebKit's IndexedDB in a private
   * session refuses Blob values ('Error preparing Blob/File data to be stored in object store').
   */
  bytes?: ArrayBuffer;
  /** Files kept before bytes were stored as such. */
  blob?: Blob;
  name: string;
  type: string;
  /** 1 once the server has the bytes. */
  uploaded?: 1;
  /** Why the server refused the file for good (it is then not tried again). */
  failed?: string;
}

export class CrmDatabase extends Dexie {
  contacts!: Table<EntityRow, string>;
  users!: Table<EntityRow, string>;
  teams!: Table<EntityRow, string>;
  team_members!: Table<EntityRow, string>;
  regions!: Table<EntityRow, string>;
  products!: Table<EntityRow, string>;
  sales_channels!: Table<EntityRow, string>;
  interfaces!: Table<EntityRow, string>;
  notifications!: Table<EntityRow, string>;
  announcements!: Table<EntityRow, string>;
  contests!: Table<EntityRow, string>;
  layouts!: Table<EntityRow, string>;
  cards!: Table<EntityRow, string>;
  notes!: Table<EntityRow, string>;
  appointments!: Table<EntityRow, string>;
  activities!: Table<EntityRow, string>;
  base!: Table<BaseEntry, [string, string]>;
  outbox!: Table<OutboxEntry, number>;
  rejected!: Table<RejectedEntry, number>;
  meta!: Table<MetaEntry, string>;
  app_sessions!: Table<LogRecord, string>;
  events!: Table<LogRecord, string>;
  error_logs!: Table<LogRecord, string>;
  fingerprints!: Table<LogRecord, string>;
  paths!: Table<LogRecord, string>;
  path_points!: Table<LogRecord, string>;
  media_blobs!: Table<MediaBlob, string>;
  pin_changes!: Table<PinChange, number>;
  table_views!: Table<EntityRow, string>;
  media!: Table<EntityRow, string>;
  surveys!: Table<EntityRow, string>;
  survey_templates!: Table<EntityRow, string>;
  orgs!: Table<EntityRow, string>;
  proposals!: Table<EntityRow, string>;
  row_writes!: Table<RowWrite, number>;
  row_columns!: Table<RowColumn, [string, string, number]>;
  roles!: Table<EntityRow, string>;
  knocks!: Table<EntityRow, string>;
  automations!: Table<EntityRow, string>;
  user_configs!: Table<EntityRow, string>;
  turfs!: Table<EntityRow, string>;
  availability!: Table<EntityRow, string>;
  distribution_rules!: Table<EntityRow, string>;

  constructor(name: string, options?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, options);
    // Only the versions with an upgrade are declared, each with the tables it reads (Dexie reads
    // the installed schema from the database itself and changes it a declared version at a time);
    // the last one holds every change since. Each declared version costs every later one a parse
    // of the whole schema as the database object is made, on every launch.
    //
    // v2: the board and filters ask for stage + status together. Older rows may lack a status:
    // the spec gives them an empty one.
    this.version(2)
      .stores({ ...SCHEMA_V1, contacts: `${SCHEMA_V1.contacts}, [deal_stage+deal_stage_status]` })
      .upgrade((tx) =>
        tx
          .table('contacts')
          .toCollection()
          .modify((row: EntityRow) => {
            if (typeof row.deal_stage_status !== 'string') row.deal_stage_status = '';
            if (typeof row.deal_stage !== 'string') row.deal_stage = '';
          }),
      );
    // v3: the map's pin index (see pinIndex.ts), built here from the contacts already stored.
    this.version(3)
      .stores({ pin_changes: '++seq' })
      .upgrade(async (tx) => {
        const contacts = (await tx.table('contacts').toArray()) as EntityRow[];
        for (let i = 0; i < contacts.length; i += 5000) {
          await tx.table('pin_changes').add({ pins: contacts.slice(i, i + 5000).map((row) => pinOf(row)) });
        }
      });
    // v5: the table screens' row index (see rowIndex.ts), built here from the rows already stored,
    // those of v4's new tables too: saved table views, media, surveys, survey templates,
    // organisations and proposals (v4 added them empty, with nothing to carry over).
    this.version(5)
      .stores({
        table_views: '_id, table_name, created_by',
        media: '_id, lead_id',
        surveys: '_id, lead_id, template_id',
        survey_templates: '_id',
        orgs: '_id',
        proposals: '_id, lead_id',
        row_writes: '++w, [table+w]',
        row_columns: '[table+column+w]',
      })
      .upgrade(async (tx) => {
        for (const table of INDEXED_COLUMNS.keys()) {
          const rows = (await tx.table(table).toArray()) as EntityRow[];
          if (!rows.length) continue;
          const { write, columns } = snapshotOf(table, rows);
          const w = (await tx.table('row_writes').add(write)) as number;
          await tx.table('row_columns').bulkAdd(columns.map((c) => ({ ...c, w })));
        }
      });
    // v6 to v13 added tables with nothing to carry over, and took indexes off contacts:
    this.version(13).stores({
      // v6: contacts keep only their primary key. No read looks leads up by those indexes (screens
      // filter and sort in memory, the map reads the pin index), and each one was a second write
      // per lead: a first sync of 100,000 leads spent most of its time keeping them.
      contacts: '_id',
      // v7: the org's named roles sync, so the device's actor includes what they grant (its rows
      // were never sent to a device before).
      roles: '_id',
      // v8: dashboard cards sync (the layouts that hold them already do).
      cards: '_id',
      // v9: knocks sync (each status change with where it was made), for the leaderboard's
      // verified knocks, read by person and by time.
      knocks: '_id, user_id, knocked_at',
      // v10: automations sync to those who manage them (admins).
      automations: '_id',
      // v11: each user's own configuration syncs (map choices, saved places), keyed by the user.
      user_configs: '_id',
      // v12: turfs sync (a rep's own, a manager's regions'), read by region and by rep.
      turfs: '_id, region_id, user_id',
      // v13: people's availability for appointments (keyed by the person) and the teams' and
      // regions' distribution rules (keyed by the team or region).
      availability: '_id',
      distribution_rules: '_id',
    });
    this.use(pinIndexMiddleware);
    this.use(rowIndexMiddleware);
  }

  entity(table: SyncTable): Table<EntityRow, string> {
    return this.table(table) as Table<EntityRow, string>;
  }
}

/** A user's database on this device; a super admin acting in another org has one per org. */
export function databaseName(userId: string, actingOrg?: number): string {
  return actingOrg === undefined ? `hs-${userId}` : `hs-${userId}-org-${actingOrg}`;
}

export function openUserDatabase(
  userId: string,
  options?: ConstructorParameters<typeof Dexie>[1],
  actingOrg?: number,
): CrmDatabase {
  return new CrmDatabase(databaseName(userId, actingOrg), options);
}
