import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressAnswer, preferredEncoding } from './encoding.ts';

describe('choosing an encoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['BR;q=1.0, gzip;q=0.5', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.0, gzip;q=0', undefined],
  ])('Accept-Encoding %j gives %j', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe('compressing an answer', () => {
  const text = JSON.stringify({
    rows: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `José ${i} ☀️` })),
  });
  const bytes = Buffer.from(text);

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)('%s gives back the same bytes, smaller', async (encoding, decompress) => {
    const packed = await compressAnswer(bytes, encoding);
    expect(packed.byteLength).toBeLessThan(bytes.byteLength / 4);
    expect(decompress(packed).toString()).toBe(text);
  });
});
