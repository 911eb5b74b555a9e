import { describe, expect, it } from 'vitest';
import { hoursSummary } from './hoursSummary.ts';

describe('a working week in a few words', () => {
  it.each([
    [{}, 'en', ''],
    [{ mon: [{ start: '09:00', end: '12:00' }], tue: [] }, 'en', 'Mon 09:00–12:00'],
    [
      {
        sun: [{ start: '10:00', end: '14:00' }],
        mon: [
          { start: '09:00', end: '12:00' },
          { start: '13:00', end: '17:00' },
        ],
      },
      'en',
      'Mon 09:00–12:00, 13:00–17:00 · Sun 10:00–14:00',
    ],
    [{ wed: [{ start: '08:00', end: '16:00' }] }, 'es', 'mié 08:00–16:00'],
  ] as const)('%j in %s: %s', (weekly_hours, language, text) => {
    expect(hoursSummary({ weekly_hours }, language)).toBe(text);
  });
});
