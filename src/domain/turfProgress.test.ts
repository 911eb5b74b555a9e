import { describe, expect, it } from 'vitest';
import { turfProgress } from './turfProgress.ts';

// Wednesday 2026-11-25 at noon, local time: the week runs from Monday the 23rd to Monday the 30th.
const NOW = new Date(2026, 10, 25, 12);
const at = (day: number, hour = 10) => new Date(2026, 10, day, hour).toISOString();

describe('a turf’s progress this week', () => {
  const doors = [
    { _id: 'a', turf_id: 't1' },
    { _id: 'b', turf_id: 't1' },
    { _id: 'c', turf_id: 't1' },
    { _id: 'd', turf_id: 't2' },
    { _id: 'e', turf_id: 't1', deleted_at: at(24) },
    { _id: 'f', turf_id: null },
  ];

  it('counts each turf’s doors and the doors knocked since Monday, once each', () => {
    const knocks = [
      { lead_id: 'a', knocked_at: at(23, 0) },
      { lead_id: 'a', knocked_at: at(24) },
      { lead_id: 'b', knocked_at: at(22, 23) },
      { lead_id: 'd', knocked_at: at(29, 23) },
      { lead_id: 'e', knocked_at: at(24) },
      { lead_id: 'f', knocked_at: at(24) },
      { lead_id: 'c', knocked_at: at(30, 0) },
    ];
    expect(turfProgress(['t1', 't2', 't3'], doors, knocks, NOW)).toEqual([
      { turfId: 't1', total: 3, thisWeek: 1 },
      { turfId: 't2', total: 1, thisWeek: 1 },
      { turfId: 't3', total: 0, thisWeek: 0 },
    ]);
  });

  it('leaves out turfs not asked for and knocks without a time', () => {
    expect(
      turfProgress(['t2'], doors, [{ lead_id: 'd' }, { lead_id: 'd', knocked_at: 'soon' }], NOW),
    ).toEqual([{ turfId: 't2', total: 1, thisWeek: 0 }]);
  });
});
