import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Availability, dayInZone } from './availability.ts';
import {
  type Booking,
  bookingProblem,
  busyIntervals,
  type Closer,
  canSetRule,
  chooseCloser,
  closeRates,
  type DistributionKind,
  freeSlots,
  givenAfter,
  lastServed,
  offersOf,
  orderClosers,
  ruleFor,
  ruleMembers,
  rulePosition,
} from './distribution.ts';
import type { Actor } from './permissions.ts';

const at = (iso: string) => Date.parse(iso);
const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);
/** Monday 23 November 2026; Phoenix is UTC−7 all year, so 09:00 there is 16:00 UTC. */
const MONDAY = '2026-11-23';
const EARLY = at('2026-11-23T00:00:00Z');

const person = (id: string, extra: Partial<Availability> = {}): Availability => ({
  user_id: id,
  weekly_hours: { mon: [{ start: '09:00', end: '12:00' }] },
  time_off: [],
  appointment_minutes: 60,
  time_zone: 'America/Phoenix',
  home_base: null,
  last_position: null,
  ...extra,
});
let seq = 0;
const booking = (user: string, start: string, end: string | null, extra: Partial<Booking> = {}): Booking => ({
  _id: `b${++seq}`,
  user_id: user,
  start_time: start,
  end_time: end,
  status: 'Scheduled',
  ...extra,
});
const closer = (availability: Availability, extra: Partial<Closer> = {}): Closer => ({
  availability,
  lastServedAt: null,
  closeRate: null,
  ...extra,
});

describe('free slots', () => {
  it.each([
    ['an empty morning: three back to back', [], EARLY, null, ['16:00', '17:00', '18:00']],
    [
      'around a 10:00–10:30 appointment: from its end',
      [booking('ana', '2026-11-23T17:00:00Z', '2026-11-23T17:30:00Z')],
      EARLY,
      null,
      ['16:00', '17:30'],
    ],
    [
      'an appointment without an end takes an hour',
      [booking('ana', '2026-11-23T16:30:00Z', null)],
      EARLY,
      null,
      ['17:30'],
    ],
    [
      'a Cancelled appointment frees its time',
      [booking('ana', '2026-11-23T16:00:00Z', '2026-11-23T17:00:00Z', { status: 'Cancelled' })],
      EARLY,
      null,
      ['16:00', '17:00', '18:00'],
    ],
    [
      "someone else's appointment takes nothing",
      [booking('bo', '2026-11-23T16:00:00Z', '2026-11-23T19:00:00Z')],
      EARLY,
      null,
      ['16:00', '17:00', '18:00'],
    ],
    [
      'an appointment for no one counts for whoever made it',
      [booking('', '2026-11-23T16:00:00Z', '2026-11-23T17:00:00Z', { user_id: null, created_by: 'ana' })],
      EARLY,
      null,
      ['17:00', '18:00'],
    ],
    ['never before now', [], at('2026-11-23T16:20:00Z'), null, ['17:00', '18:00']],
    [
      'none once the cap is reached',
      [booking('ana', '2026-11-23T22:00:00Z', '2026-11-23T23:00:00Z')],
      EARLY,
      1,
      [],
    ],
    [
      'an appointment of another day does not count to the cap',
      [booking('ana', '2026-11-24T16:00:00Z', '2026-11-24T17:00:00Z')],
      EARLY,
      1,
      ['16:00', '17:00', '18:00'],
    ],
  ] as const)('%s', (_name, bookings, now, cap, starts) => {
    const slots = freeSlots(person('ana'), MONDAY, bookings, { now, cap });
    expect(slots.map((s) => hhmm(s.start))).toEqual(starts);
    for (const slot of slots) expect(slot.end - slot.start).toBe(60 * 60_000);
  });

  it('none on time off, on a day without hours, or in an appointment length that does not fit', () => {
    const away = person('ana', { time_off: [{ id: 'x', from: MONDAY, to: MONDAY }] });
    expect(freeSlots(away, MONDAY, [], { now: EARLY, cap: null })).toEqual([]);
    expect(freeSlots(person('ana'), '2026-11-24', [], { now: EARLY, cap: null })).toEqual([]);
    const long = person('ana', { appointment_minutes: 240 });
    expect(freeSlots(long, MONDAY, [], { now: EARLY, cap: null })).toEqual([]);
  });
});

describe('whether an appointment fits', () => {
  const ana = person('ana');
  const span = (start: string, end: string) => ({ start: at(start), end: at(end) });
  it.each([
    ['within the hours', span('2026-11-23T16:00:00Z', '2026-11-23T17:00:00Z'), [], null, null],
    [
      'past the end of the hours',
      span('2026-11-23T18:30:00Z', '2026-11-23T19:30:00Z'),
      [],
      null,
      'outside_hours',
    ],
    [
      'on a day without hours',
      span('2026-11-24T16:00:00Z', '2026-11-24T17:00:00Z'),
      [],
      null,
      'outside_hours',
    ],
    [
      'over another appointment',
      span('2026-11-23T16:00:00Z', '2026-11-23T17:00:00Z'),
      [booking('ana', '2026-11-23T16:30:00Z', '2026-11-23T17:30:00Z')],
      null,
      'overlap',
    ],
    [
      'at the cap',
      span('2026-11-23T16:00:00Z', '2026-11-23T17:00:00Z'),
      [booking('ana', '2026-11-23T18:00:00Z', '2026-11-23T19:00:00Z')],
      1,
      'cap',
    ],
  ] as const)('%s', (_name, candidate, bookings, cap, problem) => {
    expect(bookingProblem(ana, candidate, bookings, cap)).toBe(problem);
  });

  it('not on time off', () => {
    const away = person('ana', { time_off: [{ id: 'x', from: MONDAY, to: MONDAY }] });
    expect(bookingProblem(away, span('2026-11-23T16:00:00Z', '2026-11-23T17:00:00Z'), [], null)).toBe(
      'time_off',
    );
  });
});

/** Three closers around Phoenix: Ana at the lead, Bo 11 km north, Cy with no position. */
const LEAD = { lng: -112.07, lat: 33.45 };
const ana = person('ana', { home_base: { lng: -112.07, lat: 33.45 } });
const bo = person('bo', { home_base: { lng: -112.07, lat: 33.55 } });
const cy = person('cy');

describe("each rule's order", () => {
  const now = EARLY;
  it.each([
    [
      'round robin: never served first, then longest ago',
      'round_robin',
      [
        closer(ana, { lastServedAt: at('2026-11-20T10:00:00Z') }),
        closer(bo, { lastServedAt: at('2026-11-19T10:00:00Z') }),
        closer(cy),
      ],
      ['cy', 'bo', 'ana'],
    ],
    [
      'nearest: by distance, no position last',
      'nearest',
      [closer(cy), closer(bo), closer(ana)],
      ['ana', 'bo', 'cy'],
    ],
    [
      'ranking: highest close rate first, none last',
      'ranking',
      [closer(ana, { closeRate: 0.2 }), closer(bo, { closeRate: 0.5 }), closer(cy)],
      ['bo', 'ana', 'cy'],
    ],
    [
      'ties go by user id',
      'ranking',
      [closer(cy, { closeRate: 0.5 }), closer(ana, { closeRate: 0.5 })],
      ['ana', 'cy'],
    ],
  ] as const)('%s', (_name, kind, closers, order) => {
    expect(orderClosers(kind, closers, { now, target: LEAD }).map((c) => c.availability.user_id)).toEqual(
      order,
    );
  });

  it('nearest without the lead’s pin goes round robin', () => {
    const closers = [closer(ana, { lastServedAt: 5 }), closer(bo, { lastServedAt: 1 })];
    expect(
      orderClosers('nearest', closers, { now, target: null }).map((c) => c.availability.user_id),
    ).toEqual(['bo', 'ana']);
  });

  it('ties go to whoever has fewer appointments that day', () => {
    const closers = [closer(ana), closer(bo)];
    const bookings = [booking('ana', '2026-11-23T16:00:00Z', '2026-11-23T17:00:00Z')];
    expect(
      orderClosers('round_robin', closers, { now, target: null, day: MONDAY, bookings }).map(
        (c) => c.availability.user_id,
      ),
    ).toEqual(['bo', 'ana']);
  });

  it("nearest reads the device's recent position before the home base, each to about a kilometre", () => {
    const moved = person('ana', {
      home_base: { lng: -112.07, lat: 33.45 },
      last_position: { lng: -111.934, lat: 33.416, at: '2026-11-22T20:00:00Z' },
    });
    expect(rulePosition(moved, EARLY)).toEqual({ lng: -111.93, lat: 33.42 });
    // Twelve hours later it no longer says where she is.
    expect(rulePosition(moved, at('2026-11-23T09:00:00Z'))).toEqual({ lng: -112.07, lat: 33.45 });
    expect(rulePosition(cy, EARLY)).toBeNull();
  });
});

describe('offers', () => {
  it('each start time with the people free then, in the rule’s order', () => {
    const bookings = [booking('ana', '2026-11-23T17:00:00Z', '2026-11-23T18:00:00Z')];
    const offers = offersOf({ kind: 'nearest', daily_cap: null }, [closer(bo), closer(ana)], {
      day: MONDAY,
      now: EARLY,
      bookings,
      target: LEAD,
    });
    expect(offers.map((o) => [hhmm(o.start), o.choices.map((c) => c.user_id)])).toEqual([
      ['16:00', ['ana', 'bo']],
      ['17:00', ['bo']],
      ['18:00', ['ana', 'bo']],
    ]);
  });

  it('leave out whoever reached the cap', () => {
    const bookings = [booking('ana', '2026-11-23T17:00:00Z', '2026-11-23T18:00:00Z')];
    const offers = offersOf({ kind: 'nearest', daily_cap: 1 }, [closer(bo), closer(ana)], {
      day: MONDAY,
      now: EARLY,
      bookings,
      target: LEAD,
    });
    expect(offers.flatMap((o) => o.choices.map((c) => c.user_id))).toEqual(['bo', 'bo', 'bo']);
  });
});

describe('who gets a new lead', () => {
  const now = at('2026-11-23T17:00:00Z');
  it.each([
    ['round robin: the one served longest ago', 'round_robin', null, {}, 'bo'],
    ['nearest: the closest', 'nearest', null, {}, 'ana'],
    ['ranking: the best close rate', 'ranking', null, {}, 'bo'],
    [
      'the cap counts the leads the rule gave today',
      'nearest',
      1,
      { ana: { at: '2026-11-23T15:00:00Z', day: MONDAY, count: 1 } },
      'bo',
    ],
    [
      "yesterday's leads do not count to today's cap",
      'nearest',
      1,
      { ana: { at: '2026-11-22T15:00:00Z', day: '2026-11-22', count: 1 } },
      'ana',
    ],
  ] as const)('%s', (_name, kind, cap, given, chosen) => {
    const closers = [
      closer(ana, { lastServedAt: at('2026-11-22T10:00:00Z'), closeRate: 0.1 }),
      closer(bo, { lastServedAt: at('2026-11-21T10:00:00Z'), closeRate: 0.3 }),
    ];
    expect(
      chooseCloser({ kind: kind as DistributionKind, daily_cap: cap, given }, closers, {
        now,
        bookings: [],
        target: LEAD,
      }),
    ).toBe(chosen);
  });

  it('nobody on time off, without hours or at the cap', () => {
    const away = person('ana', { time_off: [{ id: 'x', from: MONDAY, to: MONDAY }] });
    const idle = person('bo', { weekly_hours: {} });
    const busy = person('cy');
    const bookings = [booking('cy', '2026-11-23T16:00:00Z', '2026-11-23T17:00:00Z')];
    expect(
      chooseCloser(
        { kind: 'round_robin', daily_cap: 1, given: {} },
        [closer(away), closer(idle), closer(busy)],
        {
          now,
          bookings,
          target: null,
        },
      ),
    ).toBeNull();
  });

  it('the rule records what it gave, counting again each day', () => {
    const once = givenAfter({}, 'ana', now, 'America/Phoenix');
    expect(once).toEqual({ ana: { at: '2026-11-23T17:00:00.000Z', day: MONDAY, count: 1 } });
    const twice = givenAfter(once, 'ana', now + 1000, 'America/Phoenix');
    expect(twice.ana?.count).toBe(2);
    expect(givenAfter(twice, 'ana', now + 24 * 3600_000, 'America/Phoenix').ana).toMatchObject({
      day: '2026-11-24',
      count: 1,
    });
  });

  it('round robin reads when each was last served: a lead the rule gave, or an appointment made', () => {
    const bookings = [
      booking('ana', '2026-11-25T16:00:00Z', null, { created_at: '2026-11-20T10:00:00Z' }),
      booking('ana', '2026-11-26T16:00:00Z', null, {
        created_at: '2026-11-21T10:00:00Z',
        status: 'Cancelled',
      }),
    ];
    const served = lastServed(['ana', 'bo', 'cy'], bookings, {
      ana: { at: '2026-11-19T10:00:00Z', day: '2026-11-19', count: 1 },
      bo: { at: '2026-11-18T10:00:00Z', day: '2026-11-18', count: 1 },
    });
    expect(Object.fromEntries(served)).toEqual({
      ana: at('2026-11-20T10:00:00Z'),
      bo: at('2026-11-18T10:00:00Z'),
      cy: null,
    });
  });
});

describe('close rates', () => {
  it('sales in the window over appointments in it; none without appointments', () => {
    const now = at('2026-11-23T12:00:00Z');
    const sales = [
      { owner_id: 'ana', day: '2026-11-20' },
      { owner_id: 'ana', day: '2026-09-01' },
      { owner_id: 'bo', day: '2026-11-22' },
      { owner_id: 'ana', day: null },
    ];
    const bookings = [
      booking('ana', '2026-11-18T16:00:00Z', null),
      booking('ana', '2026-11-19T16:00:00Z', null),
      booking('ana', '2026-11-20T16:00:00Z', null, { status: 'Cancelled' }),
      booking('ana', '2026-12-01T16:00:00Z', null),
    ];
    expect(Object.fromEntries(closeRates(['ana', 'bo'], sales, bookings, { now, windowDays: 30 }))).toEqual({
      ana: { sales: 1, appointments: 2, rate: 0.5 },
      bo: { sales: 1, appointments: 0, rate: null },
    });
  });
});

describe('which rule and whose', () => {
  const rules = [
    { _id: 'teamA', scope: 'team' as const },
    { _id: 'regionA', scope: 'region' as const },
    { _id: 'regionB', scope: 'region' as const, deleted_at: '2026-11-01T00:00:00Z' },
  ];
  it.each([
    ['the region’s first', { team_id: 'teamA', region_id: 'regionA' }, 'regionA'],
    ['else the team’s', { team_id: 'teamA', region_id: 'regionC' }, 'teamA'],
    ['a removed rule is none', { team_id: null, region_id: 'regionB' }, undefined],
    ['none without either', {}, undefined],
  ])('%s', (_name, lead, id) => {
    expect(ruleFor(lead, rules)?._id).toBe(id);
  });

  it("a team rule's people are its members; a region rule's the members of its teams", () => {
    const memberships = [
      { team_id: 'teamA', user_id: 'ana' },
      { team_id: 'teamA', user_id: 'bo', deleted_at: '2026-11-01T00:00:00Z' },
      { team_id: 'teamB', user_id: 'cy' },
      { team_id: 'teamC', user_id: 'di' },
    ];
    const teams = [
      { _id: 'teamA', region_id: 'regionA' },
      { _id: 'teamB', region_id: 'regionA' },
      { _id: 'teamC', region_id: 'regionC' },
    ];
    expect(ruleMembers({ _id: 'teamA', scope: 'team' }, memberships, teams)).toEqual(['ana']);
    expect(ruleMembers({ _id: 'regionA', scope: 'region' }, memberships, teams)).toEqual(['ana', 'cy']);
  });

  const actor = (level: Actor['level'], extra: Partial<Actor> = {}): Actor => ({
    user_id: 'me',
    org_id: 6,
    level,
    super_admin: false,
    team_ids: [],
    managed_team_ids: [],
    region_ids: [],
    managed_member_ids: [],
    ...extra,
  });
  it.each([
    ['an admin any team', actor('Admin'), 'team', 'teamZ', true],
    [
      'a manager the team they lead',
      actor('Manager', { managed_team_ids: ['teamA'] }),
      'team',
      'teamA',
      true,
    ],
    ['a manager not another team', actor('Manager', { managed_team_ids: ['teamA'] }), 'team', 'teamB', false],
    ['a manager a region they manage', actor('Manager'), 'region', 'regionA', true],
    ['a manager not another region', actor('Manager'), 'region', 'regionB', false],
    ['a rep nothing', actor('User', { managed_team_ids: ['teamA'] }), 'team', 'teamA', false],
    ['a guest nothing', actor('Guest'), 'region', 'regionA', false],
  ] as const)('%s', (_name, who, scope, id, allowed) => {
    expect(canSetRule(who, scope, id, ['regionA'])).toBe(allowed);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties

const ZONES = ['America/Phoenix', 'America/New_York', 'UTC', 'Australia/Sydney'];
const timeArb = fc.integer({ min: 0, max: 95 }).map((q) => {
  const m = q * 15;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
});
const rangeArb = fc.tuple(timeArb, fc.integer({ min: 1, max: 32 })).map(([start, quarters]) => {
  const [h, m] = start.split(':').map(Number);
  const end = Math.min(24 * 60, (h ?? 0) * 60 + (m ?? 0) + quarters * 15);
  return {
    start,
    end: `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`,
  };
});
/** One weekday's ranges that never overlap: each kept only if it clears the ones before it. */
const dayArb = fc.array(rangeArb, { maxLength: 3 }).map((ranges) => {
  const kept: { start: string; end: string }[] = [];
  for (const r of ranges.sort((a, b) => a.start.localeCompare(b.start)))
    if (r.start < r.end && (!kept.length || (kept[kept.length - 1] as { end: string }).end <= r.start))
      kept.push(r);
  return kept;
});
const availabilityArb = (id: string) =>
  fc.record({
    user_id: fc.constant(id),
    weekly_hours: fc.record({ mon: dayArb, tue: dayArb }),
    time_off: fc.constant([]),
    appointment_minutes: fc.constantFrom(15, 30, 45, 60, 90, 120),
    time_zone: fc.constantFrom(...ZONES),
    home_base: fc.constant(null),
    last_position: fc.constant(null),
  });
/** Appointments over the two days around the Monday, at any five minutes, some Cancelled. */
const bookingsArb = (ids: string[]) =>
  fc
    .array(
      fc.record({
        user: fc.constantFrom(...ids),
        start: fc.integer({ min: 0, max: 3 * 24 * 12 }),
        minutes: fc.integer({ min: 5, max: 240 }),
        open: fc.boolean(),
        cancelled: fc.boolean(),
      }),
      { maxLength: 12 },
    )
    .map((list) =>
      list.map((b, i) => {
        const start = at('2026-11-22T12:00:00Z') + b.start * 5 * 60_000;
        return {
          _id: `p${i}`,
          user_id: b.user,
          start_time: new Date(start).toISOString(),
          end_time: b.open ? null : new Date(start + b.minutes * 60_000).toISOString(),
          status: b.cancelled && i % 3 === 0 ? 'Cancelled' : 'Scheduled',
        };
      }),
    );

describe('properties', () => {
  it('no slot offered overlaps an appointment of its person, and every slot fits their availability', () => {
    fc.assert(
      fc.property(
        availabilityArb('ana'),
        bookingsArb(['ana', 'bo']),
        fc.constantFrom(MONDAY, '2026-11-24'),
        fc.integer({ min: 0, max: 48 }),
        (availability, bookings, day, hours) => {
          const now = at('2026-11-23T00:00:00Z') + hours * 3600_000;
          const busy = busyIntervals('ana', bookings);
          for (const slot of freeSlots(availability, day, bookings, { now, cap: null })) {
            expect(busy.some((b) => b.start < slot.end && slot.start < b.end)).toBe(false);
            expect(slot.start).toBeGreaterThanOrEqual(now);
            expect(dayInZone(slot.start, availability.time_zone)).toBe(day);
            expect(bookingProblem(availability, slot, bookings, null)).toBeNull();
          }
        },
      ),
    );
  });

  it('booking the first offer again and again never puts two appointments of a person at once, nor one past the cap', () => {
    fc.assert(
      fc.property(
        fc.tuple(availabilityArb('ana'), availabilityArb('bo'), availabilityArb('cy')),
        bookingsArb(['ana', 'bo', 'cy']),
        fc.constantFrom<DistributionKind>('round_robin', 'nearest', 'ranking'),
        fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
        fc.integer({ min: 1, max: 12 }),
        (people, initial, kind, cap, rounds) => {
          const bookings: Booking[] = [...initial];
          const before = new Map(people.map((p) => [p.user_id, countOn(p, MONDAY, bookings)]));
          for (let round = 0; round < rounds; round++) {
            const closers = people.map((p, i) => closer(p, { closeRate: i / 10, lastServedAt: null }));
            const offer = offersOf({ kind, daily_cap: cap }, closers, {
              day: MONDAY,
              now: EARLY,
              bookings,
              target: LEAD,
            })[round % 2];
            const choice = offer?.choices[0];
            if (!offer || !choice) break;
            const person = people.find((p) => p.user_id === choice.user_id) as Availability;
            expect(bookingProblem(person, { start: offer.start, end: choice.end }, bookings, cap)).toBeNull();
            bookings.push({
              _id: `n${round}`,
              user_id: choice.user_id,
              start_time: new Date(offer.start).toISOString(),
              end_time: new Date(choice.end).toISOString(),
              status: 'Scheduled',
            });
          }
          for (const p of people) {
            const busy = busyIntervals(
              p.user_id,
              bookings.filter((b) => b._id.startsWith('n')),
            );
            for (let i = 1; i < busy.length; i++)
              expect((busy[i] as { start: number }).start).toBeGreaterThanOrEqual(
                (busy[i - 1] as { end: number }).end,
              );
            const added = countOn(p, MONDAY, bookings) - (before.get(p.user_id) ?? 0);
            if (cap !== null && added > 0) expect(countOn(p, MONDAY, bookings)).toBeLessThanOrEqual(cap);
          }
        },
      ),
    );
  });

  it('a new lead never goes to someone at the cap, on time off or without hours', () => {
    fc.assert(
      fc.property(
        fc.tuple(availabilityArb('ana'), availabilityArb('bo')),
        bookingsArb(['ana', 'bo']),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 0, max: 47 }),
        (people, bookings, cap, givenCount, hour) => {
          const now = at('2026-11-23T00:00:00Z') + hour * 3600_000;
          const given = {
            ana: {
              at: new Date(now).toISOString(),
              day: dayInZone(now, people[0].time_zone),
              count: givenCount,
            },
          };
          const chosen = chooseCloser(
            { kind: 'round_robin', daily_cap: cap, given },
            people.map((p) => closer(p)),
            { now, bookings, target: null },
          );
          if (chosen === null) return;
          const p = people.find((x) => x.user_id === chosen) as Availability;
          const today = dayInZone(now, p.time_zone);
          const g = chosen === 'ana' ? givenCount : 0;
          expect(countOn(p, today, bookings) + g).toBeLessThan(cap);
          expect(Object.values(p.weekly_hours).some((r) => r.length > 0)).toBe(true);
        },
      ),
    );
  });
});

function countOn(p: Availability, day: string, bookings: readonly Booking[]) {
  return busyIntervals(p.user_id, bookings).filter((s) => dayInZone(s.start, p.time_zone) === day).length;
}
