/**
 * `fetch-data` of the legacy data service: documents of one `doc_type` whose fields equal the
 * query's values, among the rows the caller may read by the pull's own rule (`readableTable`, the
 * same reach as sync and the v2 reads). The filters only narrow that set; deleted documents are left
 * out. Fields that hold secrets or free-form JSON cannot be matched.
 */
import { and, asc, getTableColumns, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { legacyFieldName } from '#src/domain/legacyFields.ts';
import { LEAD_EXTRA_KEYS } from '#src/domain/schemas/lead.ts';
import { FETCH_MAX_LIMIT, type FetchDataQuery, fetchFilters } from '#src/domain/schemas/legacyData.ts';
import type { SyncTable } from '#src/domain/syncProtocol.ts';
import type { Caller } from './actors.ts';
import type { ServiceContext } from './context.ts';
import { requireSelf, targetOf } from './legacyData.ts';
import { sanitizeStoredRichText } from './richText.ts';
import { forbidden, invalid } from './serviceError.ts';
import { readableTable } from './sync.ts';

/** Columns never matched: a match would reveal what they hold. */
const HIDDEN = new Set(['password_hash', 'field_versions', 'field_writers', 'data']);
const EXTRAS = new Set<string>(LEAD_EXTRA_KEYS);

const notMatchable = (key: string, docType: string) =>
  invalid(`'${key.slice(0, 60)}' is not a field of ${docType} documents that can be matched.`);

/** The column a document key is stored in (`_id` is the record's key; orgs are keyed by uuid). */
function columnFor(table: SyncTable, columns: Record<string, PgColumn>, key: string): PgColumn | undefined {
  if (key === '_id') return table === 'orgs' ? columns.uuid : columns.id;
  if (table === 'contacts' && key === 'region') return columns.region_id;
  if (HIDDEN.has(key) || !Object.hasOwn(columns, key)) return undefined;
  return columns[key];
}

/** The condition "the column equals the value", by the column's kind. */
function equals(column: PgColumn, key: string, value: string): SQL {
  if (column.dataType === 'array') return sql`${value} = ANY(${column}::text[])`;
  if (column.dataType === 'boolean') {
    if (value !== 'true' && value !== 'false') throw invalid(`${key}: must be true or false.`);
    return sql`${column} = ${value === 'true'}`;
  }
  if (column.dataType === 'number') {
    if (!/^-?\d{1,15}(\.\d{1,6})?$/.test(value)) throw invalid(`${key}: must be a number.`);
    return sql`${column}::numeric = ${value}::numeric`;
  }
  if (column.getSQLType() === 'timestamp with time zone') {
    const time = Date.parse(value);
    if (Number.isNaN(time)) throw invalid(`${key}: must be a date and time (ISO 8601).`);
    return sql`${column} = ${new Date(time).toISOString()}::timestamptz`;
  }
  if (column.dataType === 'json' || column.dataType === 'buffer' || column.dataType === 'custom')
    throw invalid(`${key}: this field cannot be matched.`);
  return sql`${column}::text = ${value}`;
}

function conditionFor(
  table: SyncTable,
  columns: Record<string, PgColumn>,
  docType: string,
  key: string,
  value: string,
): SQL {
  // A user's `id` is their numeric id (monday_id when set, else the legacy id).
  if (table === 'users' && key === 'id') {
    if (!/^\d{1,10}$/.test(value)) throw invalid('id: must be a numeric user id.');
    return sql`(${columns.monday_id} = ${Number(value)} OR (${columns.monday_id} IS NULL AND ${columns.legacy_id} = ${Number(value)}))`;
  }
  // The spec's other lead fields are kept together; they match as text ('true', '450.5', …).
  if (table === 'contacts' && EXTRAS.has(key)) return sql`${columns.data}->>${key} = ${value}`;
  const column = columnFor(table, columns, key);
  if (!column) throw notMatchable(key, docType);
  return equals(column, key, value);
}

/** `user_id`, when sent, must be the signed-in user's (as in every call of this service). */
export async function fetchData(ctx: ServiceContext, caller: Caller, query: FetchDataQuery) {
  requireSelf(caller, query.user_id, 'user_id');
  const { actor } = caller;
  const target = targetOf(query.doc_type);
  const name: SyncTable = target === 'leads' ? 'contacts' : target;
  const source = readableTable(name, actor);
  if (!source.where) throw forbidden(`Your access level cannot read ${query.doc_type}.`);
  const table = source.table as PgTable;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const key = (name === 'orgs' ? columns.uuid : columns.id) as PgColumn;
  const conditions: SQL[] = [source.where];
  if (columns.deleted_at) conditions.push(isNull(columns.deleted_at));
  for (const [field, value] of fetchFilters(query))
    conditions.push(conditionFor(name, columns, query.doc_type, legacyFieldName(target, field), value));
  if (query.after) conditions.push(gt(key, query.after));
  const limit = query.limit ?? FETCH_MAX_LIMIT;
  const rows = (await ctx.db
    .select()
    .from(table)
    .where(and(...conditions))
    .orderBy(asc(key))
    .limit(limit)) as Record<string, unknown>[];
  const data = rows.map((row) => sanitizeStoredRichText(name, source.toWire(row)));
  const last = data.at(-1);
  return { data, count: data.length, next_after: rows.length === limit && last ? String(last._id) : null };
}
