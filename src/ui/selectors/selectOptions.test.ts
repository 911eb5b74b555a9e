import { describe, expect, it } from 'vitest';
import { emptyText, filterOptions, rowOptions } from './selectOptions.ts';

const options = [
  { value: '1', label: 'José Álvarez', keywords: 'jose@example.com' },
  { value: '2', label: 'Kim Knock', keywords: '4410 N 12th St Phoenix' },
  { value: '3', label: 'Olivia Offline' },
];

describe('selector options', () => {
  it('matches every word, ignoring case and accents, in the label or keywords', () => {
    expect(filterOptions(options, 'jose').map((o) => o.value)).toEqual(['1']);
    expect(filterOptions(options, 'ÁLV').map((o) => o.value)).toEqual(['1']);
    expect(filterOptions(options, 'knock phoenix').map((o) => o.value)).toEqual(['2']);
    expect(filterOptions(options, 'knock mesa')).toEqual([]);
    expect(filterOptions(options, '  ')).toHaveLength(3);
    expect(filterOptions(options, '', 2)).toHaveLength(2);
    expect(filterOptions(options, 'o', 1)).toHaveLength(1);
  });

  it('says there is nothing to choose, or nothing matching the search', () => {
    expect(emptyText(0, '', 0)).toEqual({ key: 'common.noOptions' });
    expect(emptyText(0, 'abc', 0)).toEqual({ key: 'common.noOptions' });
    expect(emptyText(3, ' zed ', 0)).toEqual({ key: 'common.noResults', query: 'zed' });
    expect(emptyText(3, '', 3)).toBeNull();
    expect(emptyText(3, 'kim', 1)).toBeNull();
  });

  it('builds options from device rows, skipping deleted ones, sorted by label', () => {
    const rows = [
      { _id: 'b', name: 'Zed', email: 'z@x.com' },
      { _id: 'a', name: '', email: 'amy@x.com' },
      { _id: 'c', name: 'Gone', deleted_at: '2026-01-01T00:00:00Z' },
      { name: 'No id' },
    ];
    expect(rowOptions(rows, ['name', 'email'], ['email'])).toEqual([
      { value: 'a', label: 'amy@x.com', keywords: 'amy@x.com' },
      { value: 'b', label: 'Zed', keywords: 'z@x.com' },
    ]);
  });
});
