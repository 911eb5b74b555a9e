import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  appointmentsByDay,
  type CalendarAppointment,
  DEFAULT_DURATION_MS,
  doubleBookings,
  droppedStart,
  hourSlot,
  interval,
  moveAppointment,
  stepDay,
  visibleDays,
  visibleRange,
} from './appointmentCalendar.ts';
import { splitAppointmentDate } from './appointmentDate.ts';
import { dayKeyOfDate } from './tables/calendar.ts';

const local = (y: number, m: number, d: number, h = 0, min = 0) =>
  new Date(y, m - 1, d, h, min).toISOString();
const appt = (id: string, user: string, start: string, end: string | null = null, status = 'Scheduled') => ({
  _id: id,
  user_id: user,
  start_time: start,
  end_time: end,
  status,
});

const dayArb = fc
  .date({ min: new Date(2000, 0, 1), max: new Date(2100, 0, 1), noInvalidDate: true })
  .map((d) => dayKeyOfDate(d));

describe('the visible days of a view', () => {
  it('a day view shows that day; a week view Monday to Sunday', () => {
    expect(visibleDays('day', '2026-11-24')).toEqual(['2026-11-24']);
    // 2026-11-24 is a Tuesday.
    expect(visibleDays('week', '2026-11-24')).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(visibleDays('week', '2026-11-29')[0]).toBe('2026-11-23');
    expect(visibleDays('week', '2026-11-30')[0]).toBe('2026-11-30');
  });

  it('a month view covers whole weeks from the Monday on or before the 1st', () => {
    const days = visibleDays('month', '2026-11-24');
    expect(days[0]).toBe('2026-10-26');
    expect(days[days.length - 1]).toBe('2026-12-06');
    expect(days).toContain('2026-11-01');
    expect(days).toContain('2026-11-30');
  });

  it('any week is 7 consecutive days from a Monday containing the day; any month whole weeks', () => {
    fc.assert(
      fc.property(dayArb, (day) => {
        const week = visibleDays('week', day);
        expect(week).toHaveLength(7);
        expect(week).toContain(day);
        expect(new Date(`${week[0]}T12:00:00`).getDay()).toBe(1);
        const month = visibleDays('month', day);
        expect(month.length % 7).toBe(0);
        expect(month).toContain(day);
        expect(new Date(`${month[0]}T12:00:00`).getDay()).toBe(1);
        for (let i = 1; i < month.length; i++) expect(month[i - 1]! < month[i]!).toBe(true);
        const range = visibleRange('month', day);
        expect(range.first).toBe(month[0]);
        expect(range.to.getTime()).toBeGreaterThan(range.from.getTime());
      }),
    );
  });

  it('steps by a day, a week or a month', () => {
    expect(stepDay('day', '2026-11-30', 1)).toBe('2026-12-01');
    expect(stepDay('week', '2026-11-24', -1)).toBe('2026-11-17');
    expect(stepDay('month', '2026-01-31', 1)).toBe('2026-02-01');
  });
});

describe('placing appointments', () => {
  it('puts them on the local day and hour they start, by start time; without a start, nowhere', () => {
    const a = appt('a', 'u', local(2026, 11, 24, 15));
    const b = appt('b', 'u', local(2026, 11, 24, 9, 30));
    const byDay = appointmentsByDay([a, b, { _id: 'c', start_time: 'nonsense' }]);
    expect(byDay.get('2026-11-24')?.map((x) => x._id)).toEqual(['b', 'a']);
    expect([...byDay.keys()]).toEqual(['2026-11-24']);
    expect(hourSlot(b)).toBe(9);
  });

  it('an appointment without an end lasts one hour', () => {
    const span = interval(appt('a', 'u', local(2026, 11, 24, 15)));
    expect(span && span.end - span.start).toBe(DEFAULT_DURATION_MS);
  });
});

describe('double bookings', () => {
  it('flags overlapping appointments of the same rep, not cancelled ones, not touching ones', () => {
    const flagged = doubleBookings([
      appt('a', 'u1', local(2026, 11, 24, 10), local(2026, 11, 24, 11)),
      appt('b', 'u1', local(2026, 11, 24, 10, 30)),
      appt('c', 'u1', local(2026, 11, 24, 11, 30), null, 'Cancelled'),
      appt('d', 'u1', local(2026, 11, 24, 12), local(2026, 11, 24, 13)),
      appt('e', 'u1', local(2026, 11, 24, 13), local(2026, 11, 24, 14)),
      appt('f', 'u2', local(2026, 11, 24, 10)),
    ]);
    expect([...flagged].sort()).toEqual(['a', 'b']);
  });

  it('a long appointment overlapping two later ones flags all three', () => {
    const flagged = doubleBookings([
      appt('long', 'u', local(2026, 11, 24, 8), local(2026, 11, 24, 17)),
      appt('x', 'u', local(2026, 11, 24, 9)),
      appt('y', 'u', local(2026, 11, 24, 14)),
    ]);
    expect([...flagged].sort()).toEqual(['long', 'x', 'y']);
  });

  it('flags exactly the appointments that overlap another of the same rep (brute force)', () => {
    const arb = fc.array(
      fc.record({
        user: fc.constantFrom('u1', 'u2'),
        start: fc.integer({ min: 0, max: 48 }),
        length: fc.option(fc.integer({ min: 1, max: 6 }), { nil: null }),
        cancelled: fc.boolean(),
      }),
      { maxLength: 12 },
    );
    fc.assert(
      fc.property(arb, (specs) => {
        const base = new Date(2026, 10, 24).getTime();
        const half = 30 * 60 * 1000;
        const list: CalendarAppointment[] = specs.map((s, i) => ({
          _id: `a${i}`,
          user_id: s.user,
          start_time: new Date(base + s.start * half).toISOString(),
          end_time: s.length === null ? null : new Date(base + (s.start + s.length) * half).toISOString(),
          status: s.cancelled ? 'Cancelled' : 'Scheduled',
        }));
        const expected = new Set<string>();
        for (const [i, a] of list.entries())
          for (const [j, b] of list.entries()) {
            if (i === j || a.user_id !== b.user_id || a.status === 'Cancelled' || b.status === 'Cancelled')
              continue;
            const x = interval(a);
            const y = interval(b);
            if (x && y && x.start < y.end && y.start < x.end) expected.add(a._id);
          }
        expect([...doubleBookings(list)].sort()).toEqual([...expected].sort());
      }),
    );
  });
});

describe('moving an appointment', () => {
  it('keeps its duration and takes the new local date as appointment_date', () => {
    const a = appt('a', 'u', local(2026, 11, 24, 10), local(2026, 11, 24, 11, 30));
    const moved = moveAppointment(a, new Date(2026, 10, 26, 14));
    expect(moved).toEqual({
      start_time: local(2026, 11, 26, 14),
      end_time: local(2026, 11, 26, 15, 30),
      appointment_date: '2026-11-26',
    });
    expect(
      moveAppointment(appt('b', 'u', local(2026, 11, 24, 10)), new Date(2026, 10, 25, 9)).end_time,
    ).toBeNull();
  });

  it('dropped on another day keeps its time of day; on an hour slot starts on the hour', () => {
    const a = appt('a', 'u', local(2026, 11, 24, 10, 15));
    expect(droppedStart(a, '2026-11-27').toISOString()).toBe(local(2026, 11, 27, 10, 15));
    expect(droppedStart(a, '2026-11-27', 16).toISOString()).toBe(local(2026, 11, 27, 16));
  });

  it('any move keeps the duration and its date agrees with the split rule', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 * 24 * 60 }),
        fc.integer({ min: -400 * 24 * 60, max: 400 * 24 * 60 }),
        (length, shift) => {
          const start = new Date(2026, 10, 24, 9).getTime();
          const a = appt(
            'a',
            'u',
            new Date(start).toISOString(),
            new Date(start + length * 60000).toISOString(),
          );
          const target = new Date(start + shift * 60000);
          const moved = moveAppointment(a, target);
          expect(Date.parse(moved.end_time!) - Date.parse(moved.start_time)).toBe(length * 60000);
          expect(moved.appointment_date).toBe(dayKeyOfDate(target));
          expect(splitAppointmentDate(`${moved.appointment_date} 10:00`).date).toBe(moved.appointment_date);
        },
      ),
    );
  });
});
