import { describe, expect, it } from 'vitest';
import { toIsoTimestamp } from './schema.ts';

describe('time stamps from the database', () => {
  it('turns PostgreSQL UTC text into ISO 8601 with milliseconds', () => {
    expect(toIsoTimestamp('2026-07-14 00:48:56.351234+00')).toBe('2026-07-14T00:48:56.351Z');
    expect(toIsoTimestamp('2026-07-14 00:48:56+00')).toBe('2026-07-14T00:48:56.000Z');
    expect(toIsoTimestamp('2026-07-14 00:48:56.3+00')).toBe('2026-07-14T00:48:56.300Z');
  });

  it('reads the same instants as PostgreSQL writes them in JSON', () => {
    expect(toIsoTimestamp('2026-07-14T00:48:56.351234+00:00')).toBe('2026-07-14T00:48:56.351Z');
    expect(toIsoTimestamp('2026-07-14T00:48:56+00:00')).toBe('2026-07-14T00:48:56.000Z');
    expect(toIsoTimestamp('2026-07-14T00:48:56.5-07:00')).toBe('2026-07-14T07:48:56.500Z');
  });

  it('converts other offsets and Date objects', () => {
    expect(toIsoTimestamp('2026-07-14 00:48:56+05:30')).toBe('2026-07-13T19:18:56.000Z');
    expect(toIsoTimestamp('2026-07-14 00:48:56-07')).toBe('2026-07-14T07:48:56.000Z');
    expect(toIsoTimestamp(new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6)))).toBe('2026-01-02T03:04:05.006Z');
  });
});
