/**
 * The map's pin index: one small record per contact (position, status, stage, owner, team, last
 * touched), so the map loads 100,000 pins without reading 100,000 full contact rows.
 * Invariants:
 * - a Dexie middleware turns EVERY write to `contacts` into one row of `pin_changes` in the same
 *   transaction — the pins it wrote, or the ids it removed — so the index can never disagree with
 *   the contacts it comes from, and a bulk page of a sync costs one record, not one per contact;
 * - `pin_changes` keys are an IndexedDB auto-increment, so rows are in commit order across tabs and
 *   workers. The map's worker replays them over its last saved snapshot (later rows win) and then
 *   drops the rows the snapshot already holds, recording that in `meta.pin_compacted_through`.
 */
import type { DBCore, DBCoreTransaction, Middleware } from 'dexie';
import { keysInRange } from './deletedKeys.ts';
import { watchTables } from './watchTables.ts';

export interface PinRow {
  _id: string;
  lng: number | null;
  lat: number | null;
  status: string;
  stage: string;
  owner_id: string | null;
  team_id: string | null;
  name: string;
  address: string;
  touched_at: string | null;
  touched_by: string | null;
  /** Not yet on the server. */
  pending?: boolean;
  /** The contact is gone (deleted, or out of the user's reach): how a reader applies a removal. */
  removed?: 1;
}

/** One write's worth of changed pins. */
export interface PinChange {
  seq?: number;
  pins?: PinRow[];
  removed?: string[];
}

export const PIN_COMPACTED_THROUGH = 'pin_compacted_through';

type Row = Record<string, unknown>;

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown) => (typeof v === 'string' ? v : null);

/** Where a contact stands: `coordinates` [lng, lat], else its parsed address's position. */
export function positionOf(row: Row): [number, number] | null {
  const coords = row.coordinates ?? (row.address_obj as Row | null | undefined)?.coordinates;
  if (Array.isArray(coords) && coords.length === 2) {
    const lng = num(coords[0]);
    const lat = num(coords[1]);
    if (lng !== null && lat !== null) return [lng, lat];
  }
  const position = (row.address_obj as Row | null | undefined)?.position as Row | undefined;
  const lat = num(position?.lat);
  const lng = num(position?.lng);
  return lat !== null && lng !== null ? [lng, lat] : null;
}

export function pinOf(row: Row): PinRow {
  const position = positionOf(row);
  return {
    _id: String(row._id),
    lng: position?.[0] ?? null,
    lat: position?.[1] ?? null,
    status: str(row.deal_stage_status) ?? '',
    stage: str(row.deal_stage) ?? '',
    owner_id: str(row.owner_id),
    team_id: str(row.team_id),
    name: str(row.name) ?? '',
    address: str(row.address) ?? '',
    touched_at: str(row.last_touched_at),
    touched_by: str(row.last_touched_by),
    ...(row.pending ? { pending: true } : {}),
  };
}

/** How a reader records a pin whose contact is gone. */
export function tombstoneOf(id: string): PinRow {
  return {
    _id: id,
    lng: null,
    lat: null,
    status: '',
    stage: '',
    owner_id: null,
    team_id: null,
    name: '',
    address: '',
    touched_at: null,
    touched_by: null,
    removed: 1,
  };
}

function inScope(trans: DBCoreTransaction, table: string): boolean {
  const native = trans as unknown as IDBTransaction;
  return !native.objectStoreNames || native.objectStoreNames.contains(table);
}

function logChange(down: DBCore, trans: DBCoreTransaction, change: PinChange) {
  if (!inScope(trans, 'pin_changes')) {
    // Only a schema upgrade older than the index writes contacts without it; v3 builds it.
    if ((trans as unknown as IDBTransaction).mode === 'versionchange') return Promise.resolve();
    throw new Error('contacts were written in a transaction without the pin_changes table');
  }
  return down.table('pin_changes').mutate({ trans, type: 'add', values: [change] });
}

/** Registered on every CrmDatabase: keeps the pin index in step with `contacts`. */
export const pinIndexMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'pinIndex',
  create(down) {
    return {
      ...down,
      table(name) {
        const table = down.table(name);
        if (name !== 'contacts') return table;
        return {
          ...table,
          async mutate(req) {
            const { trans } = req;
            if (req.type === 'deleteRange') {
              const gone = await keysInRange(table, req);
              const result = await table.mutate(req);
              await logChange(down, trans, { removed: gone });
              return result;
            }
            // The pin record goes out with the contacts write, not after it: no extra round trip.
            const change: PinChange | undefined =
              req.type === 'delete'
                ? { removed: req.keys.map(String) }
                : req.values.length
                  ? { pins: (req.values as Row[]).map(pinOf) }
                  : undefined;
            const [result] = await Promise.all([
              table.mutate(req),
              change ? logChange(down, trans, change) : undefined,
            ]);
            return result;
          },
        };
      },
    };
  },
};

/** Calls `onChange` as each write that changed pins commits (`watchTables`). Answers how to stop listening. */
export function watchPinChanges(databaseName: string, onChange: () => void): () => void {
  return watchTables(databaseName, ['pin_changes'], () => onChange());
}
