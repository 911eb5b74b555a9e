import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Availability,
  availabilityOfRow,
  dayInZone,
  isTimeOff,
  isTimeZone,
  minutesOf,
  nextDay,
  rangesProblem,
  takesAppointments,
  weekdayOf,
  workingIntervals,
  zonedInstant,
} from './availability.ts';

const at = (iso: string) => Date.parse(iso);

const person = (extra: Partial<Availability> = {}): Availability => ({
  user_id: 'u1',
  weekly_hours: {
    mon: [
      { start: '09:00', end: '12:00' },
      { start: '13:00', end: '17:00' },
    ],
  },
  time_off: [],
  appointment_minutes: 60,
  time_zone: 'America/Phoenix',
  home_base: null,
  last_position: null,
  ...extra,
});

describe('wall times', () => {
  it.each([
    ['00:00', 0],
    ['09:30', 570],
    ['24:00', 1440],
    ['24:01', Number.NaN],
    ['12:60', Number.NaN],
    ['9:30', Number.NaN],
    ['', Number.NaN],
  ])('%s is %s minutes', (time, minutes) => {
    expect(minutesOf(time)).toBe(minutes);
  });

  it.each([
    [[], undefined],
    [[{ start: '09:00', end: '12:00' }], undefined],
    [
      [
        { start: '13:00', end: '17:00' },
        { start: '09:00', end: '13:00' },
      ],
      undefined,
    ],
    [[{ start: '09:00', end: '09:00' }], 'order'],
    [[{ start: '12:00', end: '09:00' }], 'order'],
    [
      [
        { start: '09:00', end: '12:00' },
        { start: '11:59', end: '13:00' },
      ],
      'overlap',
    ],
    [[{ start: '9:00', end: '12:00' }], 'time'],
  ] as const)('ranges %j: %s', (ranges, problem) => {
    expect(rangesProblem(ranges)).toBe(problem);
  });

  it.each([
    ['2026-11-23', 'mon'],
    ['2026-11-29', 'sun'],
    ['2024-02-29', 'thu'],
    ['2026-13-01', undefined],
  ])('%s is a %s', (day, weekday) => {
    expect(weekdayOf(day)).toBe(weekday);
  });

  it('counts days across months and years', () => {
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay('2024-02-28', 2)).toBe('2024-03-01');
  });
});

describe('time zones', () => {
  it.each([
    // Phoenix keeps UTC−7 all year.
    ['2026-07-01', 9 * 60, 'America/Phoenix', '2026-07-01T16:00:00.000Z'],
    ['2026-01-05', 9 * 60, 'America/Phoenix', '2026-01-05T16:00:00.000Z'],
    // New York: UTC−4 in summer, UTC−5 in winter.
    ['2026-07-01', 9 * 60, 'America/New_York', '2026-07-01T13:00:00.000Z'],
    ['2026-01-05', 9 * 60, 'America/New_York', '2026-01-05T14:00:00.000Z'],
    // The morning summer time starts (2026-03-08): 01:30 is still winter, 03:30 summer.
    ['2026-03-08', 90, 'America/New_York', '2026-03-08T06:30:00.000Z'],
    ['2026-03-08', 210, 'America/New_York', '2026-03-08T07:30:00.000Z'],
    // A skipped wall time (02:30 never happens that night) is taken an hour later.
    ['2026-03-08', 150, 'America/New_York', '2026-03-08T07:30:00.000Z'],
    ['2026-11-23', 24 * 60, 'UTC', '2026-11-24T00:00:00.000Z'],
    ['2026-11-23', 9 * 60, 'Asia/Kolkata', '2026-11-23T03:30:00.000Z'],
  ])('%s plus %s minutes in %s is %s', (day, minutes, zone, iso) => {
    expect(new Date(zonedInstant(day, minutes, zone)).toISOString()).toBe(iso);
  });

  it('names the day of an instant in a zone', () => {
    expect(dayInZone(at('2026-11-24T05:00:00Z'), 'America/Phoenix')).toBe('2026-11-23');
    expect(dayInZone(at('2026-11-24T05:00:00Z'), 'UTC')).toBe('2026-11-24');
    expect(dayInZone(at('2026-11-23T20:00:00Z'), 'Pacific/Auckland')).toBe('2026-11-24');
  });

  it('knows real zones only', () => {
    expect(isTimeZone('America/Phoenix')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('a wall time and its day round-trip in every zone, every day of a year', () => {
    const zones = ['America/Phoenix', 'America/New_York', 'Europe/Madrid', 'Australia/Sydney', 'UTC'];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: 0, max: 364 }),
        fc.integer({ min: 4 * 60, max: 23 * 60 }),
        (zone, offset, minutes) => {
          const day = nextDay('2026-01-01', offset);
          const instant = zonedInstant(day, minutes, zone);
          expect(dayInZone(instant, zone)).toBe(day);
        },
      ),
    );
  });
});

describe('working intervals', () => {
  it("are the weekday's ranges as instants of the person's zone, in time order", () => {
    expect(workingIntervals(person(), '2026-11-23')).toEqual([
      { start: at('2026-11-23T16:00:00Z'), end: at('2026-11-23T19:00:00Z') },
      { start: at('2026-11-23T20:00:00Z'), end: at('2026-11-24T00:00:00Z') },
    ]);
  });

  it('are none on a day without hours, on time off and for ranges that cannot be kept', () => {
    expect(workingIntervals(person(), '2026-11-24')).toEqual([]);
    const away = person({ time_off: [{ id: 'x', from: '2026-11-20', to: '2026-11-23', note: 'Trip' }] });
    expect(workingIntervals(away, '2026-11-23')).toEqual([]);
    expect(workingIntervals(away, '2026-11-30')).toHaveLength(2);
    const broken = person({ weekly_hours: { mon: [{ start: '12:00', end: '09:00' }] } });
    expect(workingIntervals(broken, '2026-11-23')).toEqual([]);
  });

  it('time off includes both its days', () => {
    const away = person({ time_off: [{ id: 'x', from: '2026-11-20', to: '2026-11-23' }] });
    expect(['2026-11-19', '2026-11-20', '2026-11-23', '2026-11-24'].map((d) => isTimeOff(away, d))).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });

  it('someone takes appointments once a weekday has hours', () => {
    expect(takesAppointments(person())).toBe(true);
    expect(takesAppointments(person({ weekly_hours: { mon: [] } }))).toBe(false);
  });
});

describe('rows', () => {
  it('reads a stored row, and a partial one with the defaults', () => {
    expect(availabilityOfRow({ _id: 'u2', weekly_hours: { tue: [] } })).toEqual({
      user_id: 'u2',
      weekly_hours: { tue: [] },
      time_off: [],
      appointment_minutes: 60,
      time_zone: 'UTC',
      home_base: null,
      last_position: null,
    });
    expect(
      availabilityOfRow({
        user_id: 'u3',
        weekly_hours: {},
        time_off: [],
        appointment_minutes: 90,
        time_zone: 'America/Phoenix',
        home_base: { lng: -112, lat: 33.4, address: '1 Main St' },
        last_position: { lng: -111.9, lat: 33.5, at: '2026-11-23T10:00:00Z' },
      }),
    ).toMatchObject({
      user_id: 'u3',
      appointment_minutes: 90,
      time_zone: 'America/Phoenix',
      home_base: { lng: -112, lat: 33.4, address: '1 Main St' },
      last_position: { lng: -111.9, lat: 33.5 },
    });
    expect(availabilityOfRow({ _id: 'u4', appointment_minutes: 5, time_zone: 'Nowhere' })).toMatchObject({
      appointment_minutes: 60,
      time_zone: 'UTC',
    });
  });
});
