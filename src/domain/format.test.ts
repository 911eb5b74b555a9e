import { describe, expect, it, vi } from 'vitest';
import {
  dateFormat,
  formatCompact,
  formatDateTime,
  formatDecimal,
  formatFileSize,
  localeOf,
  numberFormat,
  warmFormats,
} from './format.ts';

describe('formatCompact', () => {
  it.each([
    [0, 'en', '0'],
    [950, 'en', '950'],
    [1234, 'en', '1.2K'],
    [1_250_000, 'en', '1.3M'],
    [12_000, 'en', '12K'],
    [Number.NaN, 'en', '0'],
  ] as const)('%s in %s is %s', (value, language, expected) => {
    expect(formatCompact(value, language)).toBe(expected);
  });

  it('writes Spanish compact numbers the US Spanish way (decimal point)', () => {
    expect(formatCompact(1234, 'es')).toMatch(/^1\.2\sK$/);
  });
});

describe('formatDecimal', () => {
  it.each([
    [0, 'en', '0.00'],
    [12_345.6, 'en', '12,345.60'],
    [1_234_567.891, 'en', '1,234,567.89'],
    [-3.5, 'en', '-3.50'],
    [12_345.6, 'es', '12,345.60'],
  ] as const)('%s in %s is %s', (value, language, expected) => {
    expect(formatDecimal(value, language)).toBe(expected);
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [512, '512 bytes'],
    [1023, '1,023 bytes'],
    [2048, '2 KB'],
    [2.5 * 1024 * 1024, '2.5 MB'],
    [3 * 1024 * 1024 * 1024, '3,072 MB'],
    [-5, '0 bytes'],
    [Number.POSITIVE_INFINITY, '0 bytes'],
  ])('%s bytes read %s', (bytes, expected) => {
    expect(formatFileSize(bytes, 'en')).toBe(expected);
  });
});

describe('localeOf', () => {
  it('maps the languages to US locales', () => {
    expect(localeOf('en')).toBe('en-US');
    expect(localeOf('es')).toBe('es-US');
  });
});

describe('warmFormats', () => {
  it.each(['en', 'es'] as const)(
    'makes the %s formats the screens then write with: a date and time, numbers, money',
    (language) => {
      warmFormats(language);
      const made = vi.spyOn(Intl, 'DateTimeFormat');
      const madeNumbers = vi.spyOn(Intl, 'NumberFormat');
      try {
        expect(formatDateTime(Date.UTC(2026, 10, 24, 15, 5), language)).toMatch(/2026/);
        expect(numberFormat(language).format(2.5)).toBe('2.5');
        numberFormat(language, { style: 'currency', currency: 'USD' }).format(2.5);
        expect(made).not.toHaveBeenCalled();
        expect(madeNumbers).not.toHaveBeenCalled();
      } finally {
        made.mockRestore();
        madeNumbers.mockRestore();
      }
      expect(dateFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).resolvedOptions().locale).toBe(
        localeOf(language),
      );
    },
  );
});
