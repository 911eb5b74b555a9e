import { describe, expect, it } from 'vitest';
import { elapsedSince, lastActiveOf, latestTime } from './lastActive.ts';

const NOW = Date.parse('2026-03-10T12:00:00.000Z');

describe('the newest of some times', () => {
  it.each([
    ['none', [], null],
    ['only absent ones', [null, undefined, ''], null],
    ['one', ['2026-03-10T11:58:00Z'], '2026-03-10T11:58:00.000Z'],
    [
      'the newest, whatever the order',
      ['2026-03-09T00:00:00Z', '2026-03-10T00:00:00Z', null],
      '2026-03-10T00:00:00.000Z',
    ],
    [
      'a date beside a string',
      [new Date('2026-03-10T01:00:00Z'), '2026-03-10T00:30:00Z'],
      '2026-03-10T01:00:00.000Z',
    ],
    ['an unreadable one skipped', ['yesterday', '2026-03-01T00:00:00Z'], '2026-03-01T00:00:00.000Z'],
  ] as const)('%s', (_case, times, expected) => {
    expect(latestTime(...times)).toBe(expected);
  });
});

describe("a user's last activity", () => {
  it.each([
    ['nothing known', undefined, undefined, null],
    ['only the server', '2026-03-10T11:58:00Z', null, '2026-03-10T11:58:00.000Z'],
    ['only the synced row (offline)', undefined, '2026-03-08T09:00:00Z', '2026-03-08T09:00:00.000Z'],
    ['the newer of both', '2026-03-10T11:58:00Z', '2026-03-08T09:00:00Z', '2026-03-10T11:58:00.000Z'],
    ['a row value that is not a time', null, 42, null],
  ])('%s', (_case, server, row, expected) => {
    expect(lastActiveOf(server, row)).toBe(expected);
  });
});

describe('how long ago', () => {
  it.each([
    ['just now', '2026-03-10T11:59:30Z', { unit: 'now' }],
    ['a time in the future reads as now', '2026-03-10T12:05:00Z', { unit: 'now' }],
    ['2 min ago', '2026-03-10T11:58:00Z', { unit: 'minutes', count: 2 }],
    ['59 minutes', '2026-03-10T11:00:30Z', { unit: 'minutes', count: 59 }],
    ['3 hours', '2026-03-10T09:00:00Z', { unit: 'hours', count: 3 }],
    ['2 days', '2026-03-08T11:00:00Z', { unit: 'days', count: 2 }],
  ] as const)('%s', (_case, iso, expected) => {
    expect(elapsedSince(iso, NOW)).toEqual(expected);
  });
});
