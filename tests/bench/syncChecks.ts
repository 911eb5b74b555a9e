/**
 * Checks the multi-device benchmarks run on the database at the end: what a user's devices should
 * hold (every live row the pull's own rule lets them see, at its current version), how a device's
 * view differs from that, and whether any row a device received belongs to another org.
 */
import { getTableName, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { loadCaller, systemActor } from '#server/services/actors.ts';
import { readableTable } from '#server/services/sync.ts';
import type { PullResponse } from '#src/domain/schemas/sync.ts';
import { SYNC_TABLES, type SyncTable } from '#src/domain/syncProtocol.ts';

/** A row as a device keys it: its table and wire id. */
export const rowKey = (table: string, id: string) => `${table}\u0000${id}`;

export interface ViewDifference {
  /** Rows the device should hold and does not. */
  missing: number;
  /** Rows the device holds that it should not (deleted, or out of its reach). */
  extra: number;
  /** Rows held at another version than the server's. */
  stale: number;
  /** A few of the differences, for the report. */
  examples: string[];
}

export function compareViews(
  device: ReadonlyMap<string, number>,
  server: ReadonlyMap<string, number>,
): ViewDifference {
  const diff: ViewDifference = { missing: 0, extra: 0, stale: 0, examples: [] };
  const note = (what: string, k: string) => {
    if (diff.examples.length < 5) diff.examples.push(`${what} ${k.replace('\u0000', ' ')}`);
  };
  for (const [k, version] of server) {
    const held = device.get(k);
    if (held === undefined) {
      diff.missing += 1;
      note('missing', k);
    } else if (held !== version) {
      diff.stale += 1;
      note(`stale (${held} < ${version})`, k);
    }
  }
  for (const k of device.keys()) {
    if (!server.has(k)) {
      diff.extra += 1;
      note('extra', k);
    }
  }
  return diff;
}

/** What users may see, by the pull's own rule; queries shared by users who see the same rows run once. */
export class ServerViews {
  private readonly db: Database;
  private readonly cache = new Map<string, [string, number][]>();

  constructor(db: Database) {
    this.db = db;
  }

  /** Every live row the user's pull may carry: table and id → version. */
  async of(userId: string): Promise<Map<string, number>> {
    const caller = await loadCaller(this.db, userId);
    if (!caller) throw new Error(`user ${userId} cannot sign in`);
    const out = new Map<string, number>();
    for (const name of SYNC_TABLES) {
      const source = readableTable(name, caller.actor);
      if (!source.where) continue;
      const query = this.db.select().from(source.table).where(source.where);
      const { sql: text, params } = query.toSQL();
      const cacheKey = `${text}\u0000${JSON.stringify(params)}`;
      let rows = this.cache.get(cacheKey);
      if (!rows) {
        rows = [];
        for (const row of (await query) as Record<string, unknown>[]) {
          const wire = source.toWire(row);
          if (wire.deleted_at) continue;
          rows.push([String(wire._id), Number(wire.version)]);
        }
        this.cache.set(cacheKey, rows);
      }
      for (const [id, version] of rows) out.set(rowKey(name, id), version);
    }
    return out;
  }
}

/** How many of these received rows belong to an org other than `org`. */
export async function foreignRows(db: Database, org: number, keys: Iterable<string>): Promise<number> {
  const byTable = new Map<SyncTable, string[]>();
  for (const k of keys) {
    const [table, id] = k.split('\u0000') as [SyncTable, string];
    const list = byTable.get(table) ?? [];
    list.push(id);
    byTable.set(table, list);
  }
  let foreign = 0;
  for (const [table, ids] of byTable) {
    const name = getTableName(readableTable(table, systemActor(org)).table);
    const idColumn = table === 'orgs' ? 'uuid' : 'id';
    const orgColumn = table === 'orgs' ? 'id' : 'org_id';
    const result = (await db.execute(sql`
      SELECT count(*) AS n FROM ${sql.identifier(name)}
      WHERE ${sql.identifier(idColumn)}::text = ANY(${sql.param(ids)}::text[])
        AND ${sql.identifier(orgColumn)} IS DISTINCT FROM ${org}`)) as unknown as { rows: { n: string }[] };
    foreign += Number(result.rows[0]?.n ?? 0);
  }
  return foreign;
}

/**
 * Whole live rows of a fresh full sync (from 0, without a device id), as a device keeps them. It
 * sends the tombstone horizon its first page names with every later page, as the app does.
 */
export async function freshRows(url: string, token: string): Promise<Map<string, Record<string, unknown>>> {
  const rows = new Map<string, Record<string, unknown>>();
  let cursor = 0;
  let horizon = 0;
  for (let page = 0; page < 10_000; page++) {
    const res = await fetch(`${url}/api/v2/sync/pull?cursor=${cursor}&limit=5000&horizon=${horizon}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!res.ok) throw new Error(`a fresh pull answered ${res.status}`);
    const answer = (await res.json()) as PullResponse;
    if (cursor === 0 || answer.reset) horizon = answer.horizon ?? 0;
    if (answer.reset) rows.clear();
    for (const { table, row } of answer.changes) {
      const k = rowKey(table, row._id);
      if (row.deleted_at) rows.delete(k);
      else rows.set(k, row);
    }
    cursor = answer.cursor;
    if (!answer.has_more) return rows;
  }
  throw new Error('a fresh pull did not end');
}
