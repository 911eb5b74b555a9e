/**
 * What a table view asks for: its filter rules, match mode, sort and quick search, as data. Saved
 * with a view (the registry's `ViewProperties`), in a dashboard card's filters, and run over the
 * rows by `query.ts`. Plain types only, so any schema may name them.
 */
export type FilterOperator =
  | 'contains'
  | 'not_contains'
  | 'is'
  | 'is_not'
  | 'starts_with'
  | 'eq'
  | 'neq'
  | 'lt'
  | 'lte'
  | 'gt'
  | 'gte'
  | 'between'
  | 'on'
  | 'before'
  | 'after'
  | 'last_days'
  | 'is_true'
  | 'is_false'
  | 'any_of'
  | 'none_of'
  | 'empty'
  | 'not_empty';

/**
 * One rule. `value` by operator: a string for text and date operators, a number for number ones,
 * `[from, to]` for between, a list of values for any_of / none_of, a day count for last_days,
 * nothing for empty / not_empty / is_true / is_false.
 */
export interface FilterRule {
  field: string;
  op: FilterOperator;
  value?: unknown;
}

export interface SortRule {
  field: string;
  desc: boolean;
}

export interface ViewQuery {
  filters: FilterRule[];
  match: 'all' | 'any';
  sort: SortRule[];
  search: string;
  groupBy?: string;
}
