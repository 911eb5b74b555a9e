/** CSV text of table rows, as spreadsheets read it (quoted where needed, one header row). */
import Papa from 'papaparse';

export interface CsvColumn {
  key: string;
  label: string;
  /** What the cell holds; the row's field by default. */
  value?: (row: Record<string, unknown>) => unknown;
}

function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map(cellText).join(', ');
  if (typeof v === 'object') return JSON.stringify(v);
  const s = String(v);
  // A leading = + - @ makes spreadsheets run the cell as a formula.
  return /^[=+\-@\t\r]/.test(s) && typeof v === 'string' ? `'${s}` : s;
}

export function toCsv(columns: CsvColumn[], rows: Record<string, unknown>[]): string {
  return Papa.unparse({
    fields: columns.map((c) => c.label),
    data: rows.map((row) => columns.map((c) => cellText(c.value ? c.value(row) : row[c.key]))),
  });
}
