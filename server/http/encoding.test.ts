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

  // A large one (past a megabyte) is compressed in zlib's thread pool, a small one at once.
  const large = JSON.stringify({
    rows: Array.from({ length: 40_000 }, (_, i) => ({ id: i, roof: `José ${i} ☀️` })),
  });

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)('%s gives back the same bytes, smaller, small or large', async (encoding, decompress) => {
    for (const plain of [text, large]) {
      const input = Buffer.from(plain);
      const packed = await compressAnswer(input, encoding);
      expect(packed.byteLength).toBeLessThan(input.byteLength / 4);
      expect(decompress(packed).toString()).toBe(plain);
    }
    expect(Buffer.byteLength(large)).toBeGreaterThan(1024 * 1024);
  });
});
