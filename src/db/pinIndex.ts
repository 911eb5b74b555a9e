/**
 * The map's pin index: one small row per contact (position, status, stage, owner, team, last
 * touched), so the map loads 100,000 pins without reading 100,000 full contact rows.
 * Invariants:
 * - a Dexie middleware mirrors EVERY write to `contacts` into `pins` in the same transaction, so
 *   the index can never disagree with the contacts it was built from;
 * - each such write also appends one row to `pin_changes` (its key an IndexedDB auto-increment, so
 *   in commit order across tabs and workers) listing the contacts it touched; clearing contacts
 *   appends a `reset` row. A reader that remembers the last key it saw catches up with
 *   `pin_changes.where(':id').above(seen)` and reads those pins (a missing one was removed).
 */
import type { DBCore, DBCoreMutateRequest, DBCoreTransaction, Middleware } from 'dexie';

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
  /** The contact is gone (deleted, or out of the user's reach). */
  removed?: 1;
}

/** One write's worth of changed pins. */
export interface PinChange {
  seq?: number;
  ids?: string[];
  /** Every pin went (contacts cleared): readers reload. */
  reset?: 1;
}

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

async function mirror(down: DBCore, req: DBCoreMutateRequest): Promise<void> {
  const { trans } = req;
  if (!inScope(trans, 'pins') || !inScope(trans, 'pin_changes')) {
    // Only a schema upgrade older than the index writes contacts without it; v3 rebuilds it.
    if ((trans as unknown as IDBTransaction).mode === 'versionchange') return;
    throw new Error('contacts were written in a transaction without the pins and pin_changes tables');
  }
  const pins = down.table('pins');
  const log = (change: PinChange) =>
    down.table('pin_changes').mutate({ trans, type: 'add', values: [change] });
  if (req.type === 'deleteRange') {
    await Promise.all([pins.mutate({ trans, type: 'deleteRange', range: req.range }), log({ reset: 1 })]);
    return;
  }
  if (req.type === 'delete') {
    await Promise.all([
      pins.mutate({ trans, type: 'delete', keys: req.keys }),
      log({ ids: req.keys.map(String) }),
    ]);
    return;
  }
  const values = (req.values as Row[]).map(pinOf);
  if (!values.length) return;
  await Promise.all([pins.mutate({ trans, type: 'put', values }), log({ ids: values.map((v) => v._id) })]);
}

/** Registered on every CrmDatabase: keeps `pins` in step with `contacts`. */
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
            const result = await table.mutate(req);
            await mirror(down, req);
            return result;
          },
        };
      },
    };
  },
};
