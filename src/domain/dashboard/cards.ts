/**
 * Dashboard cards (SPEC sections 2 and 3: layout, card, workspace): what a card shows, as data. A
 * card is built like a table view — a source table, filters, an optional grouping — plus the
 * measure it reports (count of rows, or the sum or average of a numeric field). The device
 * computes every card from its own rows (works offline); the same schema checks a card saved
 * from the device and on the server.
 */
import { z } from 'zod';
import { type CardMetric, METRIC_PERIODS, SHARED_METRICS } from '../metrics.ts';
import { boundedInt, boundedText, uuidSchema } from '../schemas/common.ts';
import { TABLE_KEYS, type TableKey } from '../schemas/tableKeys.ts';
import type { FilterRule } from '../tables/viewQuery.ts';

/** The card types of the dashboard. */
export const CARD_TYPES = ['number', 'chart', 'table', 'leaderboard', 'map'] as const;
export type CardType = (typeof CARD_TYPES)[number];

export const CHART_KINDS = ['bar', 'line', 'pie'] as const;
export type ChartKind = (typeof CHART_KINDS)[number];

export const MEASURE_OPS = ['count', 'sum', 'avg'] as const;
export type MeasureOp = (typeof MEASURE_OPS)[number];

/** The SPEC's card fetch batch: cards are read and computed six at a time. */
export const CARD_BATCH_SIZE = 6;

/** How many groups or rows a chart, table or leaderboard shows when its card sets no `limit`. */
export const DEFAULT_CARD_LIMIT = 10;

/** At most this many points on a map card (its total still counts every row with a position). */
export const MAP_POINTS_LIMIT = 5000;

/** Grid size of a card in the layout (12 columns; rows of a fixed height). */
export const GRID_COLUMNS = 12;

export interface CardMeasure {
  op: MeasureOp;
  /** The numeric field summed or averaged; absent for a count. */
  field?: string;
}

/** What a card shows, stored in the card's `config`. */
export interface CardConfig {
  table: TableKey;
  /** A saved table view the card starts from (its filters apply before the card's own). */
  view_id?: string | null;
  filters: FilterRule[];
  match: 'all' | 'any';
  /** The column rows are grouped by (charts, tables, leaderboards); none for a single number. */
  group_by?: string | null;
  measure: CardMeasure;
  chart?: ChartKind;
  /** Columns a table card lists when it is not grouped. */
  columns?: string[];
  /** How many groups or rows a chart, table or leaderboard shows (largest first). */
  limit?: number;
  /**
   * A figure shared with the leaderboard (src/domain/metrics.ts) over its period: the card counts
   * it by the metric's own definition instead of its table's rows.
   */
  metric?: CardMetric;
}

/** Where a card sits in the layout grid, in grid units. */
export interface CardPlacement {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A card's computed answer. */
export type CardResult =
  | { kind: 'number'; value: number; rows: number }
  | {
      kind: 'groups';
      /** Largest value first, at most `limit`; `key` is the raw value, `label` how it reads. */
      groups: { key: string; label: string; value: number; rows: number }[];
      rows: number;
    }
  | { kind: 'rows'; columns: string[]; rows: Record<string, unknown>[]; total: number }
  | { kind: 'points'; points: [number, number][]; total: number };

const FILTER_OPS = [
  'contains',
  'not_contains',
  'is',
  'is_not',
  'starts_with',
  'eq',
  'neq',
  'lt',
  'lte',
  'gt',
  'gte',
  'between',
  'on',
  'before',
  'after',
  'last_days',
  'is_true',
  'is_false',
  'any_of',
  'none_of',
  'empty',
  'not_empty',
] as const;

const fieldName = boundedText(100).regex(/^[a-z_][a-z0-9_]*$/, { message: 'must be a field name' });
const filterValue = z.union([
  boundedText(500),
  z.number().finite(),
  z.boolean(),
  z.array(z.union([boundedText(500), z.number().finite(), z.null()])).max(200),
  z.null(),
]);

export const cardFilterSchema = z
  .object({ field: fieldName, op: z.enum(FILTER_OPS), value: filterValue.optional() })
  .strict();

export const cardConfigSchema = z
  .object({
    table: z.enum(TABLE_KEYS, { message: `must be one of: ${TABLE_KEYS.join(', ')}` }),
    view_id: uuidSchema.nullable().optional(),
    filters: z.array(cardFilterSchema).max(50),
    match: z.enum(['all', 'any']),
    group_by: fieldName.nullable().optional(),
    measure: z
      .object({ op: z.enum(MEASURE_OPS), field: fieldName.optional() })
      .strict()
      .refine((m) => m.op === 'count' || m.field !== undefined, {
        message: 'a sum or an average needs a field',
        path: ['field'],
      }),
    chart: z.enum(CHART_KINDS).optional(),
    columns: z.array(fieldName).max(30).optional(),
    limit: boundedInt(1, 100).optional(),
    metric: z
      .object({
        key: z.enum(SHARED_METRICS, { message: `must be one of: ${SHARED_METRICS.join(', ')}` }),
        period: z.enum(METRIC_PERIODS, { message: `must be one of: ${METRIC_PERIODS.join(', ')}` }),
      })
      .strict()
      .optional(),
  })
  .strict();

export const cardPlacementSchema = z
  .object({
    x: boundedInt(0, GRID_COLUMNS - 1),
    y: boundedInt(0, 10_000),
    w: boundedInt(1, GRID_COLUMNS),
    h: boundedInt(1, 24),
  })
  .strict();

/** A new card's configuration: the contacts, counted. */
export function defaultCardConfig(): CardConfig {
  return { table: 'contacts', filters: [], match: 'all', group_by: null, measure: { op: 'count' } };
}
