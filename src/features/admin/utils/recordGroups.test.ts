import { describe, expect, it } from 'vitest';
import { recordGroups } from './recordGroups.ts';

describe('recordGroups', () => {
  it('lists plain records by name in one group', () => {
    const groups = recordGroups(
      [
        { _id: 'b', name: 'Zeta' },
        { _id: 'a', name: 'Alpha', category: 'ignored' },
      ],
      false,
    );
    expect(groups).toEqual([
      {
        group: null,
        records: [
          { id: 'a', name: 'Alpha', isDefault: false },
          { id: 'b', name: 'Zeta', isDefault: false },
        ],
      },
    ]);
  });

  it('groups products by category, ungrouped last, and marks the default product 198', () => {
    const groups = recordGroups(
      [
        { _id: 'p1', name: 'Battery', category: 'Storage', legacy_id: 1001 },
        { _id: 'p2', name: 'Standard Solar Package', category: 'Solar', legacy_id: 198 },
        { _id: 'p3', name: 'Loose item', category: '  ', legacy_id: 1002 },
        { _id: 'p4', name: 'Premium Solar', category: 'Solar', legacy_id: 1003 },
      ],
      true,
    );
    expect(groups.map((g) => g.group)).toEqual(['Solar', 'Storage', null]);
    expect(groups[0]?.records.map((r) => [r.name, r.isDefault])).toEqual([
      ['Premium Solar', false],
      ['Standard Solar Package', true],
    ]);
  });

  it('names a record without a name by its id', () => {
    expect(recordGroups([{ _id: 'x' }], false)[0]?.records[0]?.name).toBe('x');
  });
});
