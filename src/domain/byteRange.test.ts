import { describe, expect, it } from 'vitest';
import { contentRange, parseContentRange, rangeCacheKey, rangeHeader, resolveRange } from './byteRange.ts';

describe('byte ranges of a file', () => {
  it.each([
    [undefined, { kind: 'whole' }],
    ['', { kind: 'whole' }],
    ['bytes=0-16383', { kind: 'partial', range: { start: 0, end: 999 } }],
    ['bytes=10-19', { kind: 'partial', range: { start: 10, end: 19 } }],
    ['bytes = 10 - 19', { kind: 'partial', range: { start: 10, end: 19 } }],
    ['bytes=990-', { kind: 'partial', range: { start: 990, end: 999 } }],
    ['bytes=-10', { kind: 'partial', range: { start: 990, end: 999 } }],
    ['bytes=-5000', { kind: 'partial', range: { start: 0, end: 999 } }],
    ['bytes=999-999', { kind: 'partial', range: { start: 999, end: 999 } }],
  ])('%s of 1000 bytes', (header, answer) => {
    expect(resolveRange(header, 1000)).toEqual(answer);
  });

  it.each([
    'bytes=1000-',
    'bytes=5000-6000',
    'bytes=20-10',
    'bytes=0-1,5-6',
    'bytes=-0',
    'bytes=-',
    'items=0-10',
    'bytes=a-b',
  ])('cannot serve %s of 1000 bytes', (header) => {
    expect(resolveRange(header, 1000).kind).toBe('unsatisfiable');
  });

  it('writes and reads the headers of a range', () => {
    expect(rangeHeader(16384, 100)).toBe('bytes=16384-16483');
    expect(contentRange({ start: 5, end: 9 }, 10)).toBe('bytes 5-9/10');
    expect(parseContentRange('bytes 5-9/10')).toEqual({ start: 5, end: 9, size: 10 });
    expect(parseContentRange('bytes 5-9/*')).toEqual({ start: 5, end: 9, size: undefined });
    expect(parseContentRange('bytes */10')).toBeUndefined();
  });

  it('keys each range of a file on its own, whatever the file’s own query', () => {
    expect(rangeCacheKey('https://app.example/api/v2/map/tiles.pmtiles?v=abc', 'bytes=0-16383')).toBe(
      'https://app.example/api/v2/map/tiles.pmtiles?v=abc&bytes=0-16383',
    );
    expect(rangeCacheKey('https://cdn.example/a.pmtiles#x', 'bytes=5-9')).toBe(
      'https://cdn.example/a.pmtiles?bytes=5-9',
    );
    expect(rangeCacheKey('https://cdn.example/a.pmtiles', 'bytes=5-9')).not.toBe(
      rangeCacheKey('https://cdn.example/a.pmtiles', 'bytes=5-10'),
    );
  });
});
