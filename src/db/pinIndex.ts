/**
 * The map's pin index: one small row per contact (position, status, stage, owner, team, last
 * touched), so the map loads 100,000 pins without reading 100,000 full contact rows.
 * Invariants:
 * - a Dexie middleware mirrors EVERY write to `contacts` into `pins` in the same transaction, so
 *   the index can never disagree with the contacts it was built from;
 * - each write stamps its pins with the next value of `meta.pin_seq`; a removed contact leaves a
 *   tombstone pin. A reader that remembers the highest seq it saw can catch up with
 *   `pins.where('seq').above(seen)`; clearing contacts bumps `meta.pin_epoch`, telling readers to
 *   reload everything.
 */
import type { DBCore, DBCoreMutateRequest, DBCoreTransaction, Middleware } from 'dexie';

export interface PinRow {
  _id: string;
  seq: number;
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

export const PIN_SEQ = 'pin_seq';
export const PIN_EPOCH = 'pin_epoch';

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

export function pinOf(row: Row, seq: number): PinRow {
  const position = positionOf(row);
  return {
    _id: String(row._id),
    seq,
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

export function tombstoneOf(id: string, seq: number): PinRow {
  return {
    _id: id,
    seq,
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

/** Takes the next value of a counter in `meta`; the write is returned to await with the others. */
async function nextValue(
  down: DBCore,
  trans: DBCoreTransaction,
  key: string,
): Promise<{ value: number; written: Promise<unknown> }> {
  const meta = down.table('meta');
  const current = (await meta.get({ trans, key })) as { value?: number } | undefined;
  const value = (current?.value ?? 0) + 1;
  return { value, written: meta.mutate({ trans, type: 'put', values: [{ key, value }] }) };
}

async function mirror(down: DBCore, req: DBCoreMutateRequest): Promise<void> {
  const { trans } = req;
  if (!inScope(trans, 'pins') || !inScope(trans, 'meta')) {
    // Only a schema upgrade older than the index writes contacts without it; v3 rebuilds it.
    if ((trans as unknown as IDBTransaction).mode === 'versionchange') return;
    throw new Error('contacts were written in a transaction without the pins and meta tables');
  }
  const pins = down.table('pins');
  if (req.type === 'deleteRange') {
    const epoch = await nextValue(down, trans, PIN_EPOCH);
    await Promise.all([pins.mutate({ trans, type: 'deleteRange', range: req.range }), epoch.written]);
    return;
  }
  const seq = await nextValue(down, trans, PIN_SEQ);
  const values =
    req.type === 'delete'
      ? req.keys.map((id) => tombstoneOf(String(id), seq.value))
      : (req.values as Row[]).map((row) => pinOf(row, seq.value));
  await Promise.all([seq.written, values.length ? pins.mutate({ trans, type: 'put', values }) : undefined]);
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
            // The index write starts with the contacts write instead of after it: one round trip.
            const mirrored = mirror(down, req);
            mirrored.catch(() => undefined);
            const result = await table.mutate(req);
            await mirrored;
            return result;
          },
        };
      },
    };
  },
};
