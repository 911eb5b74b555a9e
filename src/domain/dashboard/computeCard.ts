/**
 * A dashboard card's answer, computed on the device from the rows of its table (SPEC section 2:
 * cards work offline). Filtering is the table screens' own (compileFilter, so a card filters
 * exactly as a table view does); a saved view's filters apply before the card's own. Pure: the
 * rows, names and positions come from the caller (the card worker reads them from the device).
 */
import {
  compileFilter,
  groupRows,
  isEmptyValue,
  type QueryOptions,
  type Row,
  sortRows,
} from '../tables/query.ts';
import { type ColumnDefinition, TABLES } from '../tables/registry.ts';
import type { SortRule } from '../tables/viewQuery.ts';
import {
  type CardConfig,
  type CardResult,
  type CardType,
  DEFAULT_CARD_LIMIT,
  MAP_POINTS_LIMIT,
} from './cards.ts';

/** A card whose configuration cannot be computed (a field its table does not have…). */
export class CardConfigError extends Error {
  readonly code: 'unknown_table' | 'unknown_field' | 'not_numeric' | 'no_field';
  constructor(code: CardConfigError['code'], message: string) {
    super(message);
    this.name = 'CardConfigError';
    this.code = code;
  }
}

/** The filters of the saved view a card starts from. */
export interface ViewFilters {
  filters: CardConfig['filters'];
  match: 'all' | 'any';
  search?: string;
  /** The columns the view's quick search looks in (its visible ones). */
  searchColumns?: readonly string[];
}

export interface ComputeOptions {
  /** How a value reads (a user's name for a user id, a status's label…): the groups' labels. */
  display?: QueryOptions['display'];
  /** The current time, for "in the last N days". */
  now?: number;
  /** The card's view's filters (applied before the card's own); none when it has no view. */
  view?: ViewFilters;
  /** The order a table card lists rows in (its view's sort); the table's default order if absent. */
  sort?: readonly SortRule[];
  /** A row's position [lng, lat], for map cards. */
  position?: (row: Row) => readonly [number, number] | null | undefined;
  /** At most this many points on a map card (the total still counts all). */
  maxPoints?: number;
}

const NUMERIC_TYPES = new Set(['number', 'currency']);

function columnOf(config: CardConfig, field: string, what: string): ColumnDefinition {
  const table = TABLES[config.table];
  const column = table.columns.find((c) => c.key === field);
  if (!column)
    throw new CardConfigError('unknown_field', `The ${what} “${field}” is not a column of ${table.label}.`);
  return column;
}

/** The columns a card reads from its table's rows (its view's filters aside). */
export function cardColumns(type: CardType, config: CardConfig): string[] {
  const table = TABLES[config.table];
  if (!table) return [];
  const known = new Set(table.columns.map((c) => c.key));
  const keys = new Set<string>();
  for (const f of config.filters) keys.add(f.field);
  if ((type === 'chart' || type === 'table' || type === 'leaderboard') && config.group_by)
    keys.add(config.group_by);
  if (type === 'leaderboard' && !config.group_by && known.has('owner_id')) keys.add('owner_id');
  if (config.measure.op !== 'count' && config.measure.field) keys.add(config.measure.field);
  if (type === 'table' && !config.group_by) {
    for (const c of tableColumnsOf(config)) keys.add(c);
    for (const s of table.defaultSort ?? []) keys.add(s.field);
  }
  return [...keys].filter((k) => known.has(k)).sort();
}

/** The columns a table card lists: its own, else its table's default ones (known columns only). */
export function tableColumnsOf(config: CardConfig): string[] {
  const table = TABLES[config.table];
  if (!table) return [];
  const known = new Set(table.columns.map((c) => c.key));
  const wanted = config.columns && config.columns.length > 0 ? config.columns : table.defaultColumns;
  return wanted.filter((k) => known.has(k));
}

function numberOf(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

/** Sums a field over rows (values that are not numbers are left out), with how many counted. */
function sumOf(rows: readonly Row[], field: string): { sum: number; n: number } {
  let sum = 0;
  let n = 0;
  for (const row of rows) {
    const x = numberOf(row[field]);
    if (x === undefined) continue;
    sum += x;
    n++;
  }
  return { sum, n };
}

function measureOf(config: CardConfig, rows: readonly Row[]): number {
  const { op, field } = config.measure;
  if (op === 'count' || !field) return rows.length;
  const { sum, n } = sumOf(rows, field);
  if (op === 'sum') return sum;
  return n === 0 ? 0 : sum / n;
}

/** The key a value groups under: the raw value as text; a date or time by its (local) day. */
function groupKey(column: ColumnDefinition, v: unknown): string {
  if (isEmptyValue(v)) return '';
  if (column.type === 'boolean') return String(v === true || v === 'true');
  if (column.type === 'date' && typeof v === 'string') return v.slice(0, 10);
  if (column.type === 'datetime') {
    const t = typeof v === 'number' ? v : Date.parse(String(v));
    if (Number.isNaN(t)) return String(v);
    const d = new Date(t);
    const pad = (x: number) => String(x).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  }
  return typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
}

function labelOf(column: ColumnDefinition, key: string, display: ComputeOptions['display']): string {
  if (key === '') return '';
  if (!display || column.type === 'date' || column.type === 'datetime' || column.type === 'boolean')
    return key;
  return display(column, key);
}

type Group = { key: string; label: string; value: number; rows: number };

function groupsOf(
  type: CardType,
  config: CardConfig,
  column: ColumnDefinition,
  rows: readonly Row[],
  options: ComputeOptions,
): Group[] {
  let buckets: { key: string; rows: Row[] }[];
  if (column.type === 'users') {
    // A row with several users counts for each of them (a leaderboard of energy consultants).
    const byKey = new Map<string, Row[]>();
    for (const row of rows) {
      const v = row[column.key];
      const ids = Array.isArray(v) ? [...new Set(v.map((x) => groupKey(column, x)))] : [groupKey(column, v)];
      if (ids.length === 0) ids.push('');
      for (const id of ids) {
        const list = byKey.get(id);
        if (list) list.push(row);
        else byKey.set(id, [row]);
      }
    }
    buckets = [...byKey].map(([key, list]) => ({ key, rows: list }));
  } else {
    // Grouped by the raw value (two users of one name stay two groups); labelled afterwards.
    buckets = groupRows(rows, column, { display: groupKey });
  }
  // A leaderboard ranks people: rows without one are counted in `rows` but hold no place.
  if (type === 'leaderboard') buckets = buckets.filter((b) => b.key !== '');
  const groups = buckets.map((b) => ({
    key: b.key,
    label: labelOf(column, b.key, options.display),
    value: measureOf(config, b.rows),
    rows: b.rows.length,
  }));
  groups.sort(
    (a, b) =>
      b.value - a.value ||
      b.rows - a.rows ||
      (a.key === '' ? 1 : b.key === '' ? -1 : a.label.localeCompare(b.label, undefined, { numeric: true })),
  );
  return groups.slice(0, config.limit ?? DEFAULT_CARD_LIMIT);
}

/** The rows of the card's table that pass its view's filters and then its own. */
export function cardRows(config: CardConfig, rows: readonly Row[], options: ComputeOptions = {}): Row[] {
  const table = TABLES[config.table];
  if (!table) throw new CardConfigError('unknown_table', `There is no table “${String(config.table)}”.`);
  const queryOptions: QueryOptions = {
    ...(options.display ? { display: options.display } : {}),
    ...(options.now === undefined ? {} : { now: options.now }),
  };
  const viewFilter = options.view
    ? compileFilter(
        { filters: options.view.filters, match: options.view.match, search: options.view.search ?? '' },
        table.columns,
        options.view.searchColumns
          ? { ...queryOptions, searchColumns: options.view.searchColumns }
          : queryOptions,
      )
    : undefined;
  const ownFilter = compileFilter(
    { filters: config.filters, match: config.match, search: '' },
    table.columns,
    queryOptions,
  );
  if (!viewFilter && !ownFilter) return rows.slice();
  const out: Row[] = [];
  for (const row of rows) {
    if (viewFilter && !viewFilter(row)) continue;
    if (ownFilter && !ownFilter(row)) continue;
    out.push(row);
  }
  return out;
}

/** Checks what a card refers to before any row is read; throws a CardConfigError. */
function checkConfig(type: CardType, config: CardConfig): ColumnDefinition | undefined {
  if (!TABLES[config.table])
    throw new CardConfigError('unknown_table', `There is no table “${String(config.table)}”.`);
  const { op, field } = config.measure;
  if (op !== 'count') {
    if (!field) throw new CardConfigError('no_field', 'A sum or an average needs a field.');
    const column = columnOf(config, field, 'field');
    if (!NUMERIC_TYPES.has(column.type))
      throw new CardConfigError(
        'not_numeric',
        `“${column.label}” is not a number, so it cannot be added up.`,
      );
  }
  if (type === 'leaderboard') return columnOf(config, config.group_by || 'owner_id', 'grouping');
  if ((type === 'chart' || type === 'table') && config.group_by)
    return columnOf(config, config.group_by, 'grouping');
  if (type === 'chart') throw new CardConfigError('no_field', 'A chart needs a field to group by.');
  return undefined;
}

/**
 * A card's answer from the rows of its table (each holding at least `cardColumns(type, config)`):
 * - number: the count of the filtered rows, or the sum or average of `measure.field`;
 * - chart, leaderboard (by `group_by`, else the owner), table with `group_by`: groups, largest
 *   value first, at most `limit` (10 unless set); a leaderboard leaves out rows without a person;
 * - table without `group_by`: the first `limit` filtered rows with the card's columns, in the
 *   view's order (`sort`), else the table's default one;
 * - map: the positions of the filtered rows that have one (at most `maxPoints`).
 * Values that are not numbers are left out of a sum or an average; an average of nothing is 0.
 * A rule on a field the table does not have filters nothing; a grouping or measured field it
 * does not have throws a CardConfigError with a readable message.
 */
export function computeCard(
  type: CardType,
  config: CardConfig,
  rows: readonly Row[],
  options: ComputeOptions = {},
): CardResult {
  const groupColumn = checkConfig(type, config);
  const shown = cardRows(config, rows, options);
  if (groupColumn) {
    return {
      kind: 'groups',
      groups: groupsOf(type, config, groupColumn, shown, options),
      rows: shown.length,
    };
  }
  if (type === 'table') {
    const columns = tableColumnsOf(config);
    const limit = config.limit ?? DEFAULT_CARD_LIMIT;
    const table = TABLES[config.table];
    const sort = options.sort ?? table.defaultSort ?? [];
    const ordered =
      sort.length > 0
        ? sortRows(shown, sort, table.columns, options.display ? { display: options.display } : {})
        : shown;
    const out = ordered.slice(0, limit).map((row) => {
      const picked: Record<string, unknown> = { _id: row._id };
      for (const c of columns) picked[c] = row[c] ?? null;
      return picked;
    });
    return { kind: 'rows', columns, rows: out, total: shown.length };
  }
  if (type === 'map') {
    const max = options.maxPoints ?? MAP_POINTS_LIMIT;
    const points: [number, number][] = [];
    let total = 0;
    if (options.position) {
      for (const row of shown) {
        const p = options.position(row);
        if (!p) continue;
        total++;
        if (points.length < max) points.push([p[0], p[1]]);
      }
    }
    return { kind: 'points', points, total };
  }
  return { kind: 'number', value: measureOf(config, shown), rows: shown.length };
}

/** computeCard, with a configuration problem answered as an error instead of thrown. */
export function computeCardSafely(
  type: CardType,
  config: CardConfig,
  rows: readonly Row[],
  options: ComputeOptions = {},
): { result: CardResult } | { error: string } {
  try {
    return { result: computeCard(type, config, rows, options) };
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
}
