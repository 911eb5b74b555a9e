import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

describe('toCsv', () => {
  it('writes a header row and quotes what needs it', () => {
    const csv = toCsv(
      [
        { key: 'name', label: 'Name' },
        { key: 'tags', label: 'Tags' },
        { key: 'x', label: 'Owner', value: (r) => `u:${String(r.x)}` },
      ],
      [
        { name: 'Lee, Ann', tags: ['a', 'b'], x: 1 },
        { name: 'Say "hi"', tags: null, x: 2 },
      ],
    );
    expect(csv.split('\r\n')).toEqual(['Name,Tags,Owner', '"Lee, Ann","a, b",u:1', '"Say ""hi""",,u:2']);
  });

  it('keeps spreadsheet formulas from running', () => {
    expect(toCsv([{ key: 'n', label: 'N' }], [{ n: '=1+1' }])).toBe("N\r\n'=1+1");
  });
});
