/**
 * CSV export of any list: proper quoting (Papa Parse) and protection against formula injection —
 * a cell that starts with = + - @ (or a tab or carriage return) would run as a formula when the
 * file is opened in a spreadsheet, so it is prefixed with a quote and stays text.
 */
import Papa from 'papaparse';

export interface CsvColumn<Row extends object = Record<string, unknown>> {
  key: string;
  label: string;
  /** The cell's value; the row's `key` field when left out. */
  value?: (row: Row) => unknown;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as text: lists joined, objects as JSON, formulas defused. */
export function csvCell(value: unknown): string {
  let text: string;
  // A number is never a formula, and -5 must stay -5.
  if (typeof value === 'number') return String(value);
  if (value === null || value === undefined) text = '';
  else if (Array.isArray(value)) text = value.map((v) => csvCell(v)).join('; ');
  else if (value instanceof Date) text = value.toISOString();
  else if (typeof value === 'object') text = JSON.stringify(value);
  else text = String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export function toCsv<Row extends object = Record<string, unknown>>(
  columns: CsvColumn<Row>[],
  rows: Row[],
): string {
  // Papa leaves a line break after a header with no rows.
  if (!rows.length) return Papa.unparse([columns.map((c) => csvCell(c.label))], { newline: '\r\n' });
  return Papa.unparse(
    {
      fields: columns.map((c) => csvCell(c.label)),
      data: rows.map((row) =>
        columns.map((c) => csvCell(c.value ? c.value(row) : (row as Record<string, unknown>)[c.key])),
      ),
    },
    { quotes: false, newline: '\r\n' },
  );
}
