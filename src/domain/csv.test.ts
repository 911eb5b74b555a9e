import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

describe('toCsv', () => {
  it('quotes commas, quotes and line breaks so the file reads back the same', () => {
    const csv = toCsv(
      [
        { key: 'name', label: 'Name' },
        { key: 'notes', label: 'Notes, long' },
        { key: 'n', label: 'N', value: (row) => (row.n as number) * 2 },
      ],
      [
        { name: 'Lee, Ann', notes: 'said "come back"\nnext week', n: 2 },
        { name: 'Bo', notes: null, n: -3 },
      ],
    );
    expect(Papa.parse(csv).data).toEqual([
      ['Name', 'Notes, long', 'N'],
      ['Lee, Ann', 'said "come back"\nnext week', '4'],
      ['Bo', '', '-6'],
    ]);
  });

  it('defuses cells that a spreadsheet would run as formulas', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('\'=HYPERLINK("http://x")');
    expect(csvCell('+1 555')).toBe("'+1 555");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell(-5)).toBe('-5');
    const csv = toCsv([{ key: 'x', label: '=label' }], [{ x: '=1+1' }]);
    expect(csv).toBe("'=label\r\n'=1+1");
  });

  it('writes lists, objects, dates and empties readably', () => {
    expect(csvCell(['a', 'b'])).toBe('a; b');
    expect(csvCell({ a: 1 })).toBe('{"a":1}');
    expect(csvCell(new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02T03:04:05.000Z');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(false)).toBe('false');
    expect(toCsv([{ key: 'a', label: 'A' }], [])).toBe('A');
  });
});
