/**
 * A table's row index folded in memory (rowIndex.ts): some of its columns for every live row, and
 * up to which write. Later writes apply on top, so a one-row write costs that row, not the table.
 *
 * Finding a row's position by its id wants a map of every id, which for a phone's 20,000 rows is
 * most of a fold's time. A write's ids are distinct, so the first write of a fold (a snapshot, as a
 * compacted index starts) is laid down without one; the next few ids are looked up along the list,
 * and only a fold with more to find builds the map (and then wants a compaction: `mapped`).
 */
import type { RowColumn, RowWrite } from './rowIndex.ts';

type Row = Record<string, unknown> & { _id: string };

const POSITION = Symbol('position');

/** Ids a fold looks up along its list before it builds the map of every id. */
export const LINEAR_LOOKUPS = 64;

/**
 * The class of a state's rows: the id and position are the row's own, each column a getter on the
 * prototype that reads the folded values — 100,000 rows cost 100,000 small objects, not copies of
 * their values. A row written again gets a new object, so a changed row is a new row to React.
 */
function rowClass(values: ReadonlyMap<string, unknown[]>) {
  class IndexRow {
    readonly _id: string;
    readonly [POSITION]: number;
    constructor(id: string, p: number) {
      this._id = id;
      this[POSITION] = p;
    }
  }
  for (const [column, list] of values) {
    if (column === '_id') continue;
    Object.defineProperty(IndexRow.prototype, column, {
      enumerable: true,
      get(this: IndexRow) {
        return list[this[POSITION]];
      },
    });
  }
  return IndexRow as unknown as new (
    id: string,
    p: number,
  ) => Row;
}

export class IndexedRows {
  /** The last write applied. */
  w = 0;
  /** Writes applied since the last snapshot: how much a compaction would save. */
  sinceSnapshot = 0;
  readonly columns: readonly string[];
  private ids: string[] = [];
  /** Each id's position: built once a fold has more ids to find than it looks up along the list. */
  private pos: Map<string, number> | undefined;
  private lookups: number;
  private readonly linearLookups: number;
  private alive: boolean[] = [];
  private values = new Map<string, unknown[]>();
  private objects: (Row | undefined)[] = [];
  private readonly Row: new (
    id: string,
    p: number,
  ) => Row;
  private shown: Row[] | undefined;

  constructor(columns: readonly string[], linearLookups = LINEAR_LOOKUPS) {
    this.columns = [...columns];
    this.lookups = linearLookups;
    this.linearLookups = linearLookups;
    this.reset();
    this.Row = rowClass(this.values);
  }

  /** Whether this fold had to map every id: an index folded from one snapshot would not. */
  get mapped(): boolean {
    return this.pos !== undefined;
  }

  has(column: string): boolean {
    return this.values.has(column);
  }

  private reset() {
    this.ids = [];
    this.pos = undefined;
    this.lookups = this.linearLookups;
    this.alive = [];
    this.objects = [];
    this.shown = undefined;
    this.sinceSnapshot = 0;
    // Emptied in place: a write being applied holds these arrays.
    for (const c of this.columns) {
      const values = this.values.get(c);
      if (values) values.length = 0;
      else this.values.set(c, []);
    }
  }

  private positionOf(id: string): number | undefined {
    if (!this.pos) {
      if (this.lookups > 0) {
        this.lookups--;
        const p = this.ids.indexOf(id);
        return p < 0 ? undefined : p;
      }
      this.pos = new Map();
      for (let p = 0; p < this.ids.length; p++) this.pos.set(this.ids[p] as string, p);
    }
    return this.pos.get(id);
  }

  /** A new position at the end of the list (for an id not in it). */
  private append(id: string): number {
    const p = this.ids.length;
    this.ids.push(id);
    this.pos?.set(id, p);
    this.alive.push(false);
    this.objects.push(undefined);
    return p;
  }

  private place(id: string): number {
    return this.positionOf(id) ?? this.append(id);
  }

  /**
   * Applies writes after `w` (in write order) with their column records (each column's records in
   * write order). Answers whether anything changed.
   */
  apply(writes: readonly RowWrite[], records: ReadonlyMap<string, readonly RowColumn[]>): boolean {
    const cursors = this.columns.map((c) => ({
      list: records.get(c) ?? [],
      at: 0,
      into: this.values.get(c) ?? [],
    }));
    let changed = false;
    for (const write of writes) {
      const w = write.w as number;
      if (w <= this.w) continue;
      if (write.snapshot) this.reset();
      else this.sinceSnapshot++;
      for (const id of write.removed ?? []) {
        const p = this.ids.length ? this.positionOf(id) : undefined;
        if (p !== undefined && this.alive[p]) {
          this.alive[p] = false;
          this.objects[p] = undefined;
          changed = true;
        }
      }
      const ids = write.ids ?? [];
      if (ids.length) {
        changed = true;
        const column: (unknown[] | undefined)[] = [];
        for (const cursor of cursors) {
          while (cursor.at < cursor.list.length && (cursor.list[cursor.at] as RowColumn).w < w) cursor.at++;
          const record = cursor.list[cursor.at];
          column.push(record && record.w === w ? record.values : undefined);
        }
        // Into an empty list a write's distinct ids go one after the other, nothing to look up.
        const fresh = this.ids.length === 0;
        for (let i = 0; i < ids.length; i++) {
          const p = fresh ? this.append(ids[i] as string) : this.place(ids[i] as string);
          this.alive[p] = true;
          this.objects[p] = undefined;
          for (let c = 0; c < cursors.length; c++)
            (cursors[c] as { into: unknown[] }).into[p] = column[c]?.[i];
        }
      }
      this.w = w;
    }
    if (changed) this.shown = undefined;
    return changed;
  }

  private rowAt(p: number): Row {
    let row = this.objects[p];
    if (!row) {
      row = new this.Row(this.ids[p] as string, p);
      this.objects[p] = row;
    }
    return row;
  }

  /**
   * The live rows (read-only, their columns read through) in the order they were first written (a first sync's: the server's); the same
   * array until something changes, unchanged rows the same objects.
   */
  rows(): Row[] {
    if (this.shown) return this.shown;
    const out: Row[] = [];
    for (let p = 0; p < this.ids.length; p++) if (this.alive[p]) out.push(this.rowAt(p));
    this.shown = out;
    return out;
  }

  /** Every live row's values of every column, as one snapshot write (compaction). */
  snapshot(table: string): { write: RowWrite; columns: RowColumn[] } {
    const keep: number[] = [];
    for (let p = 0; p < this.ids.length; p++) if (this.alive[p]) keep.push(p);
    const write: RowWrite = { w: this.w, table, ids: keep.map((p) => this.ids[p] as string), snapshot: 1 };
    const columns = this.columns.map((column) => {
      const values = this.values.get(column) as unknown[];
      return { table, column, w: this.w, values: keep.map((p) => values[p]) };
    });
    return { write, columns };
  }
}
