/**
 * Filters, sort, quick search and grouping of a table view, run over the rows on the device (up to
 * 100,000 contacts). Filters are compiled once into plain predicates and sort keys are read once
 * per row, so a run allocates little beyond its result.
 */
import type { ColumnDefinition, ColumnType } from './registry.ts';
import type { FilterOperator, FilterRule, SortRule, ViewQuery } from './viewQuery.ts';

export type Row = Record<string, unknown>;

export interface QueryOptions {
  /** What a value reads as (a user's name for a user id…): used by search, sort and grouping. */
  display?: (column: ColumnDefinition, value: unknown) => string;
  /** The current time, for "in the last N days". */
  now?: number;
  /** The columns quick search looks in (the view's visible ones); all given columns by default. */
  searchColumns?: readonly string[];
}

const TEXT_OPS: readonly FilterOperator[] = [
  'contains',
  'not_contains',
  'is',
  'is_not',
  'starts_with',
  'empty',
  'not_empty',
];
const NUMBER_OPS: readonly FilterOperator[] = [
  'eq',
  'neq',
  'lt',
  'lte',
  'gt',
  'gte',
  'between',
  'empty',
  'not_empty',
];
const DATE_OPS: readonly FilterOperator[] = [
  'on',
  'before',
  'after',
  'between',
  'last_days',
  'empty',
  'not_empty',
];
const BOOLEAN_OPS: readonly FilterOperator[] = ['is_true', 'is_false'];
const CHOICE_OPS: readonly FilterOperator[] = ['any_of', 'none_of', 'empty', 'not_empty'];

/** The operators that fit a column type, the first being the default. */
export function operatorsFor(type: ColumnType): readonly FilterOperator[] {
  switch (type) {
    case 'number':
    case 'currency':
      return NUMBER_OPS;
    case 'date':
    case 'datetime':
      return DATE_OPS;
    case 'boolean':
      return BOOLEAN_OPS;
    case 'select':
    case 'status':
    case 'stage':
    case 'user':
    case 'users':
    case 'team':
    case 'region':
      return CHOICE_OPS;
    default:
      return TEXT_OPS;
  }
}

/** Whether an operator takes no value. */
export function operatorTakesValue(op: FilterOperator): boolean {
  return !(op === 'empty' || op === 'not_empty' || op === 'is_true' || op === 'is_false');
}

/** Whether a rule has what it needs to filter (a half-made rule in the builder filters nothing). */
export function ruleIsComplete(rule: FilterRule): boolean {
  if (!operatorTakesValue(rule.op)) return true;
  const v = rule.value;
  if (rule.op === 'between')
    return Array.isArray(v) && v.length === 2 && v.some((x) => x !== '' && x != null);
  if (rule.op === 'any_of' || rule.op === 'none_of') return Array.isArray(v) && v.length > 0;
  if (rule.op === 'last_days') return Number.isFinite(Number(v)) && v !== '' && v != null;
  return v !== undefined && v !== null && v !== '';
}

export function isEmptyValue(v: unknown): boolean {
  return v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
}

type Predicate = (row: Row) => boolean;

/** Column types holding ids that the user knows by name. */
const NAMED_TYPES: ReadonlySet<ColumnType> = new Set(['user', 'users', 'team', 'region']);

const DAY = 86_400_000;

function toNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '') return Number(v);
  if (typeof v === 'boolean') return v ? 1 : 0;
  return Number.NaN;
}

/** A date value as epoch ms: date-only strings count as local midnight. */
function toTime(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string' || v === '') return Number.NaN;
  if (v.length === 10 && v[4] === '-' && v[7] === '-') {
    return new Date(Number(v.slice(0, 4)), Number(v.slice(5, 7)) - 1, Number(v.slice(8, 10))).getTime();
  }
  return Date.parse(v);
}

function startOfLocalDay(t: number): number {
  const d = new Date(t);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

function asText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v.map(asText).join(', ');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

function compileRule(rule: FilterRule, column: ColumnDefinition, now: number): Predicate | undefined {
  const { field, op } = rule;
  if (op === 'empty') return (row) => isEmptyValue(row[field]);
  if (op === 'not_empty') return (row) => !isEmptyValue(row[field]);
  if (op === 'is_true') return (row) => row[field] === true || row[field] === 'true';
  if (op === 'is_false') return (row) => !(row[field] === true || row[field] === 'true');
  if (!ruleIsComplete(rule)) return undefined;
  const type = column.type;

  if (op === 'any_of' || op === 'none_of') {
    const wanted = new Set((rule.value as unknown[]).map(asText));
    const hit = (v: unknown) =>
      Array.isArray(v) ? v.some((x) => wanted.has(asText(x))) : wanted.has(asText(v));
    return op === 'any_of' ? (row) => hit(row[field]) : (row) => !hit(row[field]);
  }

  if (type === 'number' || type === 'currency') {
    if (op === 'between') {
      const [a, b] = rule.value as unknown[];
      const lo = isEmptyValue(a) ? -Infinity : toNumber(a);
      const hi = isEmptyValue(b) ? Infinity : toNumber(b);
      return (row) => {
        if (isEmptyValue(row[field])) return false;
        const n = toNumber(row[field]);
        return n >= lo && n <= hi;
      };
    }
    const x = toNumber(rule.value);
    if (Number.isNaN(x)) return undefined;
    const cmp: Record<string, (n: number) => boolean> = {
      eq: (n) => n === x,
      neq: (n) => n !== x,
      lt: (n) => n < x,
      lte: (n) => n <= x,
      gt: (n) => n > x,
      gte: (n) => n >= x,
    };
    const test = cmp[op];
    if (!test) return undefined;
    // An empty value is "not equal" to any number and fails every other comparison.
    return (row) => {
      const v = row[field];
      if (isEmptyValue(v)) return op === 'neq';
      const n = toNumber(v);
      return !Number.isNaN(n) && test(n);
    };
  }

  if (type === 'date' || type === 'datetime') {
    const within =
      (lo: number, hi: number): Predicate =>
      (row) => {
        const t = toTime(row[field]);
        return t >= lo && t < hi;
      };
    if (op === 'last_days') {
      const days = Number(rule.value);
      return within(startOfLocalDay(now) - days * DAY, now + 1);
    }
    if (op === 'between') {
      const [a, b] = rule.value as unknown[];
      const lo = isEmptyValue(a) ? -Infinity : startOfLocalDay(toTime(a));
      const hi = isEmptyValue(b) ? Infinity : startOfLocalDay(toTime(b)) + DAY;
      if (Number.isNaN(lo) || Number.isNaN(hi)) return undefined;
      return within(lo, hi);
    }
    const day = toTime(rule.value);
    if (Number.isNaN(day)) return undefined;
    const start = startOfLocalDay(day);
    if (op === 'on') return within(start, start + DAY);
    if (op === 'before') return within(-Infinity, start);
    if (op === 'after') return within(start + DAY, Infinity);
    return undefined;
  }

  // Text-like columns, compared without regard to case.
  const needle = asText(rule.value).toLowerCase();
  const text = (row: Row) => asText(row[field]).toLowerCase();
  switch (op) {
    case 'contains':
      return (row) => text(row).includes(needle);
    case 'not_contains':
      return (row) => !text(row).includes(needle);
    case 'is':
      return (row) => text(row) === needle;
    case 'is_not':
      return (row) => text(row) !== needle;
    case 'starts_with':
      return (row) => text(row).startsWith(needle);
    default:
      return undefined;
  }
}

/** One predicate for a query's filters and quick search, or undefined when nothing filters. */
export function compileFilter(
  query: Pick<ViewQuery, 'filters' | 'match' | 'search'>,
  columns: readonly ColumnDefinition[],
  options: QueryOptions = {},
): Predicate | undefined {
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const now = options.now ?? Date.now();
  const rules: Predicate[] = [];
  for (const rule of query.filters) {
    const column = byKey.get(rule.field);
    if (!column) continue;
    const p = compileRule(rule, column, now);
    if (p) rules.push(p);
  }
  const filter: Predicate | undefined =
    rules.length === 0
      ? undefined
      : query.match === 'any'
        ? (row) => rules.some((p) => p(row))
        : rules.length === 1
          ? rules[0]
          : (row) => rules.every((p) => p(row));

  const needle = query.search.trim().toLowerCase();
  if (!needle) return filter;
  const display = options.display;
  const inSearch = options.searchColumns ? new Set(options.searchColumns) : undefined;
  const searchable = columns.filter(
    (c) => c.type !== 'json' && c.type !== 'boolean' && (!inSearch || inSearch.has(c.key)),
  );
  // Only ids read as names; formatting dates or numbers for 100,000 rows would cost seconds.
  const named = searchable.map((c) => !!display && NAMED_TYPES.has(c.type));
  const search: Predicate = (row) => {
    for (let i = 0; i < searchable.length; i++) {
      const c = searchable[i] as ColumnDefinition;
      const v = row[c.key];
      if (isEmptyValue(v)) continue;
      const s = named[i] && display ? display(c, v) : asText(v);
      if (s.toLowerCase().includes(needle)) return true;
    }
    return false;
  };
  return filter ? (row) => filter(row) && search(row) : search;
}

type SortKey = string | number | undefined;

function sortKey(column: ColumnDefinition, v: unknown, options: QueryOptions): SortKey {
  if (isEmptyValue(v)) return undefined;
  switch (column.type) {
    case 'number':
    case 'currency': {
      const n = toNumber(v);
      return Number.isNaN(n) ? undefined : n;
    }
    case 'date':
    case 'datetime': {
      const t = toTime(v);
      return Number.isNaN(t) ? undefined : t;
    }
    case 'boolean':
      return v === true || v === 'true' ? 1 : 0;
    default:
      return (
        options.display && NAMED_TYPES.has(column.type) ? options.display(column, v) : asText(v)
      ).toLowerCase();
  }
}

/**
 * Sorts rows by the rules in turn; equal rows keep their order (reversed under a descending first
 * rule), and empty values go last in either direction.
 */
export function sortRows<T extends Row>(
  rows: readonly T[],
  sort: readonly SortRule[],
  columns: readonly ColumnDefinition[],
  options: QueryOptions = {},
): T[] {
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const rules = sort.filter((s) => byKey.has(s.field));
  if (rules.length === 0) return rows.slice();
  const n = rows.length;
  // Keys are read once per row and rule, not once per comparison.
  const keys = rules.map((rule) => {
    const column = byKey.get(rule.field) as ColumnDefinition;
    const out = new Array<SortKey>(n);
    for (let i = 0; i < n; i++) out[i] = sortKey(column, (rows[i] as T)[rule.field], options);
    return out;
  });
  const dirs = rules.map((r) => (r.desc ? -1 : 1));
  const levels = keys.length;
  const firstDesc = dirs[0] === -1;
  const index = new Uint32Array(n);
  for (let i = 0; i < n; i++) index[i] = i;
  index.sort((a, b) => {
    for (let r = 0; r < levels; r++) {
      const level = keys[r] as SortKey[];
      const ka = level[a];
      const kb = level[b];
      if (ka === kb) continue;
      if (ka === undefined) return 1;
      if (kb === undefined) return -1;
      // Code-point order: a collator is several times slower over 100,000 rows.
      const c = typeof ka === 'number' && typeof kb === 'number' ? ka - kb : ka < kb ? -1 : 1;
      if (c !== 0) return c * (dirs[r] as number);
    }
    // Ties keep their order, reversed when the first rule is descending (as an index read in
    // reverse gives them: newest first stays newest first).
    return firstDesc ? b - a : a - b;
  });
  const out = new Array<T>(n);
  for (let i = 0; i < n; i++) out[i] = rows[index[i] as number] as T;
  return out;
}

/** The rows that pass a query's filters and quick search, in their given order. */
export function filterRows<T extends Row>(
  rows: readonly T[],
  query: Pick<ViewQuery, 'filters' | 'match' | 'search'>,
  columns: readonly ColumnDefinition[],
  options: QueryOptions = {},
): T[] {
  const predicate = compileFilter(query, columns, options);
  if (!predicate) return rows.slice();
  const out: T[] = [];
  for (const row of rows) if (predicate(row)) out.push(row);
  return out;
}

/** The rows a view shows: filtered, searched, then sorted. */
export function applyViewQuery<T extends Row>(
  rows: readonly T[],
  query: ViewQuery,
  columns: readonly ColumnDefinition[],
  options: QueryOptions = {},
): T[] {
  const predicate = compileFilter(query, columns, options);
  let out: T[];
  if (predicate) {
    out = [];
    for (const row of rows) if (predicate(row)) out.push(row);
  } else {
    out = rows as T[];
  }
  return query.sort.length > 0 ? sortRows(out, query.sort, columns, options) : out.slice();
}

export interface RowGroup<T> {
  /** The grouped value as shown ('' for rows without one). */
  key: string;
  rows: T[];
}

/**
 * Splits (already sorted) rows by a column's value, keeping the row order within each group;
 * groups come in the order of their values, rows without one last.
 */
export function groupRows<T extends Row>(
  rows: readonly T[],
  column: ColumnDefinition,
  options: QueryOptions = {},
): RowGroup<T>[] {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const v = row[column.key];
    const key = isEmptyValue(v)
      ? ''
      : options.display
        ? options.display(column, v)
        : column.type === 'boolean'
          ? String(v === true || v === 'true')
          : asText(v);
    const list = groups.get(key);
    if (list) list.push(row);
    else groups.set(key, [row]);
  }
  const keys = [...groups.keys()].sort((a, b) => {
    if (a === b) return 0;
    if (a === '') return 1;
    if (b === '') return -1;
    return a.localeCompare(b, undefined, { numeric: true });
  });
  return keys.map((key) => ({ key, rows: groups.get(key) as T[] }));
}
