/**
 * One CSV import, off the main thread: parses the file (Papa Parse), maps and checks every row
 * (src/domain/leadImport.ts), finds duplicates against the leads on the device and within the
 * file, keeps the person's fixes and choices, and writes the leads through the outbox in large
 * transactions, reporting progress as it goes.
 */
import Papa from 'papaparse';
// biome-ignore lint/style/noRestrictedImports: a worker's code opens its own connection to the device database (src/device/README.md, rule 5)
import { readImportDevice } from '#src/db/queries/leadImport.ts';
import {
  addressKey,
  type ColumnMapping,
  checkRow,
  type Duplicate,
  findDuplicates,
  type ImportContext,
  type ImportFieldError,
  type ImportFieldKey,
  type ImportValues,
  type RowCheck,
  rowValues,
  suggestMapping,
} from '#src/domain/leadImport.ts';
// biome-ignore lint/style/noRestrictedImports: a worker's code opens its own connection to the device database (src/device/README.md, rule 5)
import { addLeadsTo } from '#src/sync/commands/index.ts';

export const PREVIEW_ROWS = 10;

export interface ImportSetup {
  databaseName: string;
  userId: string;
  mayAssignOthers: boolean;
}

export type ImportProgress = { phase: 'reading' | 'checking' | 'importing'; done: number; total: number };

/** A row that needs a person's look: it had a problem or a duplicate when the file was read. */
export interface RowState {
  index: number;
  values: ImportValues;
  errors: ImportFieldError[];
  duplicate?: Duplicate;
  skipped: boolean;
  includeDuplicate: boolean;
}

export interface ImportAnalysis {
  fileName: string;
  headers: string[];
  mapping: ColumnMapping;
  total: number;
  preview: string[][];
  /** Rows with problems or duplicates, in file order (they stay listed once fixed). */
  flagged: RowState[];
  counts: { ready: number; errors: number; duplicates: number; skipped: number };
}

export interface ImportSummary {
  imported: number;
  skipped: number;
  errors: number;
  /** Set when writing stopped part way; the rows written so far stay on the device and sync. */
  failure?: string;
}

/** A row that was not imported, as the file had it (with the person's fixes), and why. */
export interface NotImportedRow {
  index: number;
  cells: string[];
  reason: 'skipped' | 'duplicate' | 'errors';
  errors: ImportFieldError[];
  duplicate?: Duplicate;
}

type Progress = (progress: ImportProgress) => void;

export class LeadImportService {
  private setup: ImportSetup | undefined;
  private context: ImportContext | undefined;
  private deviceAddresses = new Map<string, string>();
  private fileName = '';
  private headers: string[] = [];
  private rows: string[][] = [];
  private mapping: ColumnMapping = [];
  private edits = new Map<number, ImportValues>();
  private skipped = new Set<number>();
  private includeDuplicates = new Set<number>();
  private checks: RowCheck[] = [];
  private duplicates: (Duplicate | undefined)[] = [];
  private flaggedRows = new Set<number>();
  private imported = new Set<number>();

  /** Reads a file (or CSV text) and checks every row against the leads on the device. */
  async load(
    file: Blob | string,
    fileName: string,
    setup: ImportSetup,
    onProgress?: Progress,
  ): Promise<ImportAnalysis> {
    this.reset();
    this.setup = setup;
    this.fileName = fileName;
    const text = typeof file === 'string' ? file : await file.text();
    const [table] = await Promise.all([parseCsv(text, onProgress), this.loadDevice(setup)]);
    this.headers = (table[0] ?? []).map((h) => h.trim());
    this.rows = table.slice(1);
    this.mapping = suggestMapping(this.headers);
    this.checkAll(onProgress);
    for (let i = 0; i < this.rows.length; i++) if (this.needsLook(i)) this.flaggedRows.add(i);
    return this.analysis();
  }

  /** Changes which field a column fills, and checks every row again. */
  setMapping(mapping: ColumnMapping): ImportAnalysis {
    this.mapping = this.headers.map((_, i) => mapping[i] ?? null);
    this.checkAll();
    // Rows flagged only by the old mapping drop off the list; rows the person fixed stay.
    this.flaggedRows = new Set(this.edits.keys());
    for (let i = 0; i < this.rows.length; i++) if (this.needsLook(i)) this.flaggedRows.add(i);
    return this.analysis();
  }

  /** A person's fix of one field of one row; the row (and the file's duplicates) are checked again. */
  editRow(index: number, field: ImportFieldKey, value: string): ImportAnalysis {
    this.assertRow(index);
    this.edits.set(index, { ...this.edits.get(index), [field]: value });
    this.checks[index] = checkRow(this.valuesOf(index), this.ctx());
    this.duplicates = findDuplicates(
      this.checks.map((c) => c.addressKey),
      this.deviceAddresses,
    );
    this.flaggedRows.add(index);
    return this.analysis();
  }

  setSkipped(index: number, skipped: boolean): ImportAnalysis {
    this.assertRow(index);
    if (skipped) this.skipped.add(index);
    else this.skipped.delete(index);
    return this.analysis();
  }

  /** Duplicates are skipped unless the person chooses to import one anyway. */
  setIncludeDuplicate(index: number, include: boolean): ImportAnalysis {
    this.assertRow(index);
    if (include) this.includeDuplicates.add(index);
    else this.includeDuplicates.delete(index);
    return this.analysis();
  }

  /** Skips every flagged row that still has a problem. */
  skipAllWithErrors(): ImportAnalysis {
    for (let i = 0; i < this.rows.length; i++) if (!this.checks[i]?.ok) this.skipped.add(i);
    return this.analysis();
  }

  /** Writes every ready row to the device (and its outbox), in large transactions. */
  async run(onProgress?: Progress): Promise<ImportSummary> {
    const setup = this.setupOrThrow();
    const ready: number[] = [];
    for (let i = 0; i < this.rows.length; i++) if (this.state(i) === 'ready') ready.push(i);
    const leads = ready.map((i) => (this.checks[i] as Extract<RowCheck, { ok: true }>).lead);
    let written = 0;
    let failure: string | undefined;
    onProgress?.({ phase: 'importing', done: 0, total: leads.length });
    try {
      await addLeadsTo(setup.databaseName, leads, {
        onBatch: (count) => {
          for (let k = written; k < count; k++) this.imported.add(ready[k] as number);
          written = count;
          onProgress?.({ phase: 'importing', done: count, total: leads.length });
        },
      });
    } catch (err) {
      failure = err instanceof Error ? err.message : String(err);
    }
    let skipped = 0;
    let errors = 0;
    for (let i = 0; i < this.rows.length; i++) {
      const state = this.state(i);
      if (state === 'skipped' || state === 'duplicate') skipped++;
      else if (state === 'errors') errors++;
    }
    // Rows of a failed batch are neither imported nor skipped: they count as not imported.
    errors += ready.length - written;
    return { imported: written, skipped, errors, ...(failure ? { failure } : {}) };
  }

  /** The rows not imported, with the file's columns and the person's fixes, for a CSV download. */
  notImported(): { headers: string[]; rows: NotImportedRow[] } {
    const rows: NotImportedRow[] = [];
    for (let i = 0; i < this.rows.length; i++) {
      if (this.imported.has(i)) continue;
      const state = this.state(i);
      const check = this.checks[i];
      rows.push({
        index: i,
        cells: this.cellsOf(i),
        reason: state === 'skipped' ? 'skipped' : state === 'duplicate' ? 'duplicate' : 'errors',
        errors: check && !check.ok ? check.errors : [],
        duplicate: this.duplicates[i],
      });
    }
    return { headers: this.headers, rows };
  }

  private reset() {
    this.headers = [];
    this.rows = [];
    this.mapping = [];
    this.edits.clear();
    this.skipped.clear();
    this.includeDuplicates.clear();
    this.checks = [];
    this.duplicates = [];
    this.flaggedRows.clear();
    this.imported.clear();
    this.deviceAddresses.clear();
  }

  /** The leads on the device by address, the users an Owner column may name, and the deal stages. */
  private async loadDevice(setup: ImportSetup) {
    const { users, stages } = await readImportDevice(setup.databaseName, (contact) => {
      const key = addressKey(contact.address ?? null);
      if (key && !this.deviceAddresses.has(key)) this.deviceAddresses.set(key, contact.name ?? '');
    });
    this.context = {
      userId: setup.userId,
      mayAssignOthers: setup.mayAssignOthers,
      users: users.map((u) => ({
        _id: u._id,
        name: u.name,
        email: u.email,
      })),
      stages,
    };
  }

  private checkAll(onProgress?: Progress) {
    const ctx = this.ctx();
    const total = this.rows.length;
    this.checks = new Array(total);
    for (let i = 0; i < total; i++) {
      this.checks[i] = checkRow(this.valuesOf(i), ctx);
      if (onProgress && (i % 1000 === 999 || i === total - 1))
        onProgress({ phase: 'checking', done: i + 1, total });
    }
    this.duplicates = findDuplicates(
      this.checks.map((c) => c.addressKey),
      this.deviceAddresses,
    );
  }

  private valuesOf(index: number): ImportValues {
    const values = rowValues(this.rows[index] ?? [], this.mapping);
    const edits = this.edits.get(index);
    if (edits) {
      for (const [field, value] of Object.entries(edits) as [ImportFieldKey, string][]) {
        const trimmed = value.trim();
        if (trimmed) values[field] = trimmed;
        else delete values[field];
      }
    }
    return values;
  }

  /** The row's cells with the person's fixes written into the columns of the fixed fields. */
  private cellsOf(index: number): string[] {
    const cells = [...(this.rows[index] ?? [])];
    const edits = this.edits.get(index);
    if (!edits) return cells;
    for (const [field, value] of Object.entries(edits)) {
      const column = this.mapping.indexOf(field as ImportFieldKey);
      if (column >= 0) cells[column] = value;
    }
    return cells;
  }

  private needsLook(index: number): boolean {
    return !this.checks[index]?.ok || this.duplicates[index] !== undefined;
  }

  private state(index: number): 'ready' | 'skipped' | 'duplicate' | 'errors' {
    if (this.skipped.has(index)) return 'skipped';
    if (!this.checks[index]?.ok) return 'errors';
    if (this.duplicates[index] && !this.includeDuplicates.has(index)) return 'duplicate';
    return 'ready';
  }

  private analysis(): ImportAnalysis {
    const counts = { ready: 0, errors: 0, duplicates: 0, skipped: 0 };
    for (let i = 0; i < this.rows.length; i++) {
      const state = this.state(i);
      if (state === 'ready') counts.ready++;
      else if (state === 'errors') counts.errors++;
      else if (state === 'duplicate') counts.duplicates++;
      else counts.skipped++;
    }
    const flagged = [...this.flaggedRows]
      .sort((a, b) => a - b)
      .map((index) => {
        const check = this.checks[index];
        return {
          index,
          values: this.valuesOf(index),
          errors: check && !check.ok ? check.errors : [],
          duplicate: this.duplicates[index],
          skipped: this.skipped.has(index),
          includeDuplicate: this.includeDuplicates.has(index),
        };
      });
    return {
      fileName: this.fileName,
      headers: this.headers,
      mapping: this.mapping,
      total: this.rows.length,
      preview: this.rows.slice(0, PREVIEW_ROWS),
      flagged,
      counts,
    };
  }

  private ctx(): ImportContext {
    if (!this.context) throw new Error('No file has been read yet.');
    return this.context;
  }

  private setupOrThrow(): ImportSetup {
    if (!this.setup) throw new Error('No file has been read yet.');
    return this.setup;
  }

  private assertRow(index: number) {
    if (!Number.isInteger(index) || index < 0 || index >= this.rows.length)
      throw new Error(`No row ${index}.`);
  }
}

/** The file's rows as text cells, streamed in chunks so progress can be shown. */
function parseCsv(text: string, onProgress?: Progress): Promise<string[][]> {
  const rows: string[][] = [];
  return new Promise((resolve, reject) => {
    Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
      header: false,
      skipEmptyLines: 'greedy',
      chunkSize: 256 * 1024,
      chunk: (results: Papa.ParseResult<string[]>) => {
        for (const row of results.data) rows.push(row);
        onProgress?.({ phase: 'reading', done: results.meta.cursor, total: text.length });
      },
      complete: () => resolve(rows),
      error: (err: Error) => reject(err),
    });
  });
}
