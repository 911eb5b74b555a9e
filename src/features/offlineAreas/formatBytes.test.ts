import { describe, expect, it } from 'vitest';
import { formatBytes } from './formatBytes.ts';

describe('sizes', () => {
  it('reads as bytes, KB, MB and GB', () => {
    expect(formatBytes(0, 'en')).toBe('0 bytes');
    expect(formatBytes(512, 'en')).toBe('512 bytes');
    expect(formatBytes(38_400, 'en')).toBe('38 kB');
    expect(formatBytes(4_240_000, 'en')).toBe('4.2 MB');
    expect(formatBytes(1_100_000_000, 'en')).toBe('1.1 GB');
    expect(formatBytes(5e15, 'en')).toBe('5,000,000 GB');
  });

  it('treats nonsense as nothing', () => {
    expect(formatBytes(Number.NaN, 'en')).toBe('0 bytes');
    expect(formatBytes(-5, 'en')).toBe('0 bytes');
  });
});
