import { describe, expect, it } from 'vitest';
import { formatCurrency, formatDate, formatDateTime, formatNumber, formatTime } from './format.ts';

// Midday UTC, so the day is the same in every time zone the tests run in.
const DAY = '2026-03-05T12:00:00.000Z';
const local = new Date(2026, 2, 5, 15, 7);

describe('dates in the language shown', () => {
  it('names the month in the language', () => {
    expect(formatDate(DAY, 'en')).toBe('Mar 5, 2026');
    expect(formatDate(DAY, 'es')).toMatch(/^5 mar 2026$/);
    expect(formatDate(DAY, 'es', { dateStyle: 'long' })).toBe('5 de marzo de 2026');
    expect(formatDate(DAY, 'es', { weekday: 'long' })).toBe('jueves');
  });

  it('reads Dates, milliseconds and ISO strings, and writes nothing for no date', () => {
    expect(formatDate(new Date(DAY), 'en')).toBe('Mar 5, 2026');
    expect(formatDate(Date.parse(DAY), 'en')).toBe('Mar 5, 2026');
    expect(formatDate(undefined, 'en')).toBe('');
    expect(formatDate('', 'en')).toBe('');
    expect(formatDate('not a date', 'es')).toBe('');
  });

  it('writes the time of day the way each language does', () => {
    expect(formatTime(local, 'en')).toBe('3:07 PM');
    expect(formatTime(local, 'es')).toMatch(/^3:07\sp\.\s?m\.$/);
    expect(formatDateTime(local, 'en')).toBe('Mar 5, 2026, 3:07 PM');
    expect(formatDateTime(local, 'es')).toMatch(/^5 mar 2026, 3:07\sp\.\s?m\.$/);
  });
});

describe('numbers and money in the language shown', () => {
  it('groups thousands and writes dollars', () => {
    expect(formatNumber(12_345.5, 'en')).toBe('12,345.5');
    expect(formatNumber(0.42, 'es', { style: 'percent' })).toMatch(/^42\s?%$/);
    expect(formatNumber(Number.NaN, 'en')).toBe('0');
    expect(formatCurrency(1234.5, 'en')).toBe('$1,234.50');
    expect(formatCurrency(1234.5, 'es')).toBe('$1,234.50');
  });
});
