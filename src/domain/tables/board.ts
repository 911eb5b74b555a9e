/**
 * Board view: rows grouped into columns by one field. Contacts go by deal stage or status (the
 * org's pipeline gives the columns and colours); other tables by one of their select columns.
 * Grouping is one pass that keeps only the first cards of each column, so 100,000 rows stay cheap.
 */
import { applyStageChange, applyStatusChange, type DealPosition, type DealStage } from '../dealStages.ts';
import type { TableDefinition } from './registry.ts';

export const CONTACT_BOARD_FIELDS = ['deal_stage', 'deal_stage_status'] as const;

/** The value of rows that have none for the board's field. */
export const NO_VALUE = '';

export interface BoardColumn<Row> {
  value: string;
  label: string;
  color: string;
  /** How many rows have this value. */
  count: number;
  /** The first `limit` of them, in the rows' order. */
  rows: Row[];
}

const NEUTRAL = '#868e96';

/** The fields a table can be boarded by, first the default. */
export function boardFields(table: TableDefinition): string[] {
  if (table.key === 'contacts') return [...CONTACT_BOARD_FIELDS];
  return table.columns
    .filter((c) => (c.type === 'select' && c.options?.length) || c.type === 'boolean')
    .map((c) => c.key);
}

/** How a yes/no column's lanes are named. */
export interface BooleanLabels {
  yes: string;
  no: string;
}

/** The saved field if the table can board by it, else the default (undefined when none). */
export function resolveBoardField(table: TableDefinition, saved: unknown): string | undefined {
  const fields = boardFields(table);
  return typeof saved === 'string' && fields.includes(saved) ? saved : fields[0];
}

/** The columns a field gives before any row is seen, with their colours. */
export function boardColumnSpecs(
  table: TableDefinition,
  field: string,
  stages: readonly DealStage[],
  booleanLabels: BooleanLabels = { yes: 'Yes', no: 'No' },
): { value: string; label: string; color: string }[] {
  if (table.key === 'contacts' && field === 'deal_stage')
    return stages.map((s) => ({ value: s.value, label: s.label, color: s.color }));
  if (table.key === 'contacts' && field === 'deal_stage_status')
    return stages.flatMap((s) => s.options.map((o) => ({ value: o.value, label: o.label, color: o.color })));
  const column = table.columns.find((c) => c.key === field);
  if (column?.type === 'boolean')
    return [
      { value: 'true', label: booleanLabels.yes, color: '#2f9e44' },
      { value: 'false', label: booleanLabels.no, color: NEUTRAL },
    ];
  return (column?.options ?? []).map((o) => ({ value: o, label: o, color: NEUTRAL }));
}

/**
 * Groups rows into the field's columns. Values no column knows (an old status, an empty field) get
 * columns of their own after the configured ones, so no row disappears from the board.
 */
export function groupBoard<Row extends Record<string, unknown>>(
  specs: readonly { value: string; label: string; color: string }[],
  rows: readonly Row[],
  field: string,
  limit: number,
  noValueLabel: string,
): BoardColumn<Row>[] {
  const columns = new Map<string, BoardColumn<Row>>();
  for (const spec of specs) columns.set(spec.value, { ...spec, count: 0, rows: [] });
  for (const row of rows) {
    const raw = row[field];
    const value = raw === null || raw === undefined ? NO_VALUE : String(raw);
    let column = columns.get(value);
    if (!column) {
      column = { value, label: value || noValueLabel, color: NEUTRAL, count: 0, rows: [] };
      columns.set(value, column);
    }
    column.count++;
    if (column.rows.length < limit) column.rows.push(row);
  }
  return [...columns.values()];
}

/**
 * The change that moves a row to another column, or undefined when it is already there. For
 * contacts the pipeline's rules apply: a stage sets its first status; a status of another stage
 * moves the stage too.
 */
export function boardMove(
  table: TableDefinition,
  field: string,
  row: Record<string, unknown>,
  target: string,
  stages: readonly DealStage[],
): Record<string, unknown> | undefined {
  const current = row[field] ?? NO_VALUE;
  if (String(current) === target) return undefined;
  if (table.key === 'contacts' && (field === 'deal_stage' || field === 'deal_stage_status')) {
    const position: DealPosition = {
      deal_stage: (row.deal_stage as string | null | undefined) ?? null,
      deal_stage_status: String(row.deal_stage_status ?? ''),
    };
    const next =
      field === 'deal_stage'
        ? applyStageChange(stages, position, target)
        : applyStatusChange(stages, position, target);
    return { deal_stage: next.deal_stage, deal_stage_status: next.deal_stage_status };
  }
  if (target === NO_VALUE) return { [field]: null };
  const column = table.columns.find((c) => c.key === field);
  if (column?.type === 'boolean') return { [field]: target === 'true' };
  return { [field]: target };
}
