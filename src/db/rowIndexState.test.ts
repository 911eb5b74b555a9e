import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RowColumn, RowWrite } from './rowIndex.ts';
import { IndexedRows, LINEAR_LOOKUPS } from './rowIndexState.ts';
import { plain } from './testDatabase.ts';

interface Step {
  snapshot: boolean;
  rows: { _id: string; name: string }[];
  removed: string[];
}

/** A step as the index records it: its write (w), and its one column's values. */
function recordsOf(steps: readonly Step[], from = 1) {
  const writes: RowWrite[] = [];
  const names: RowColumn[] = [];
  steps.forEach((step, i) => {
    const w = from + i;
    const write: RowWrite = { w, table: 'contacts' };
    if (step.rows.length) write.ids = step.rows.map((r) => r._id);
    if (step.removed.length) write.removed = step.removed;
    if (step.snapshot) write.snapshot = 1;
    writes.push(write);
    if (step.rows.length)
      names.push({ table: 'contacts', column: 'name', w, values: step.rows.map((r) => r.name) });
  });
  return { writes, records: new Map([['name', names]]) };
}

/** What the rows should be: live ones, in the order first written since the last snapshot. */
function model(steps: readonly Step[]) {
  let order: string[] = [];
  const live = new Map<string, string>();
  for (const step of steps) {
    if (step.snapshot) {
      order = [];
      live.clear();
    }
    for (const id of step.removed) live.delete(id);
    for (const row of step.rows) {
      if (!order.includes(row._id)) order.push(row._id);
      live.set(row._id, row.name);
    }
  }
  return order.filter((id) => live.has(id)).map((id) => ({ _id: id, name: live.get(id) }));
}

const id = fc.constantFrom(...'abcdefghij'.split(''));
const step = fc.record({
  snapshot: fc.boolean(),
  rows: fc.uniqueArray(fc.record({ _id: id, name: fc.string({ maxLength: 3 }) }), {
    selector: (r) => r._id,
    maxLength: 6,
  }),
  removed: fc.uniqueArray(id, { maxLength: 3 }),
});

describe('a row index folded in memory', () => {
  it('reads as the writes say, however ids are found and in however many folds (property)', () => {
    fc.assert(
      fc.property(
        fc.array(step, { maxLength: 14 }),
        fc.constantFrom(0, 1, 3, LINEAR_LOOKUPS),
        fc.integer({ min: 0, max: 14 }),
        (steps, lookups, split) => {
          const state = new IndexedRows(['name'], lookups);
          const cut = Math.min(split, steps.length);
          const first = recordsOf(steps.slice(0, cut));
          state.apply(first.writes, first.records);
          const rest = recordsOf(steps.slice(cut), cut + 1);
          state.apply(rest.writes, rest.records);
          expect(plain(state.rows())).toEqual(model(steps));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('folds a snapshot without mapping its ids, and maps them once more are looked up than it looks along the list', () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({ _id: `c${i}`, name: `Contact ${i}` }));
    const state = new IndexedRows(['name'], 2);
    const snapshot = recordsOf([{ snapshot: true, rows, removed: [] }]);
    state.apply(snapshot.writes, snapshot.records);
    expect(state.mapped).toBe(false);
    const edits = recordsOf(
      [
        { snapshot: false, rows: [{ _id: 'c5', name: 'Renamed' }], removed: [] },
        { snapshot: false, rows: [], removed: ['c7'] },
      ],
      2,
    );
    state.apply(edits.writes, edits.records);
    expect(state.mapped).toBe(false);
    const more = recordsOf([{ snapshot: false, rows: [{ _id: 'c9', name: 'Again' }], removed: [] }], 4);
    state.apply(more.writes, more.records);
    expect(state.mapped).toBe(true);
    const shown = plain(state.rows());
    expect(shown).toHaveLength(999);
    expect(shown[5]).toEqual({ _id: 'c5', name: 'Renamed' });
    expect(shown.find((r) => r._id === 'c7')).toBeUndefined();
    // A new snapshot starts over without the map.
    const again = recordsOf([{ snapshot: true, rows: rows.slice(0, 3), removed: [] }], 5);
    state.apply(again.writes, again.records);
    expect(state.mapped).toBe(false);
    expect(plain(state.rows()).map((r) => r._id)).toEqual(['c0', 'c1', 'c2']);
  });
});
