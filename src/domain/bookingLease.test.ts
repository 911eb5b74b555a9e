import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Availability } from './availability.ts';
import { bookingNoteOf, clashOf, outcomeFields, settleBooking } from './bookingLease.ts';
import type { Booking, Closer } from './distribution.ts';

// Monday 7 December 2026, in UTC (every person here works in UTC).
const at = (hour: number, minute = 0) => new Date(Date.UTC(2026, 11, 7, hour, minute)).toISOString();
const NOW = Date.UTC(2026, 11, 1);

const booking = (
  id: string,
  user: string | null,
  from: number,
  to: number,
  status = 'Scheduled',
): Booking => ({
  _id: id,
  user_id: user,
  created_by: 'setter',
  start_time: at(from),
  end_time: at(to),
  status,
});

const closer = (
  user: string,
  extra: Partial<Availability> = {},
  lastServedAt: number | null = null,
): Closer => ({
  availability: {
    user_id: user,
    weekly_hours: { mon: [{ start: '08:00', end: '18:00' }] },
    time_off: [],
    appointment_minutes: 60,
    time_zone: 'UTC',
    home_base: null,
    last_position: null,
    ...extra,
  } as Availability,
  lastServedAt,
  closeRate: null,
});

const ROUND_ROBIN = { kind: 'round_robin' as const, daily_cap: null };

describe('a booking settled against the closer’s other appointments', () => {
  const taken = booking('first', 'ana', 10, 11);

  it.each([
    ['the closer is free then', booking('b', 'ana', 11, 12), [taken]],
    ['one ends as the other starts', booking('b', 'ana', 9, 10), [taken]],
    ['the other appointment is Cancelled', booking('b', 'ana', 10, 11), [{ ...taken, status: 'Cancelled' }]],
    ['the booking itself is Cancelled', booking('b', 'ana', 10, 11, 'Cancelled'), [taken]],
    ['the overlap is someone else’s', booking('b', 'ben', 10, 11), [taken]],
    ['the booking has no closer', booking('b', null, 10, 11), [taken]],
    ['the booking has no time', { _id: 'b', user_id: 'ana', start_time: null }, [taken]],
    [
      'the only overlap is the booking itself (a save of the same row)',
      booking('first', 'ana', 10, 11),
      [taken],
    ],
  ])('is kept when %s', (_, candidate, others) => {
    expect(
      settleBooking({ booking: candidate, others, rule: null, closers: [], now: NOW, target: null }),
    ).toEqual({
      kind: 'kept',
    });
  });

  it('is returned to its setter when the slot is taken and there is no rule', () => {
    const outcome = settleBooking({
      booking: booking('b', 'ana', 10, 11),
      others: [taken],
      rule: null,
      closers: [],
      now: NOW,
      target: null,
    });
    expect(outcome).toEqual({ kind: 'returned', asked: 'ana', clash: 'first' });
  });

  it('counts an appointment without an end as an hour long', () => {
    const open = { ...taken, end_time: null };
    expect(clashOf(booking('b', 'ana', 10, 12), 'ana', [open])?._id).toBe('first');
    expect(clashOf({ ...booking('b', 'ana', 11, 12) }, 'ana', [open])).toBeUndefined();
  });

  it.each([
    {
      name: 'goes to the first person of the rule’s order the slot fits',
      closers: [closer('ana'), closer('ben', {}, 5), closer('cy', {}, 1)],
      others: [taken],
      to: 'cy',
    },
    {
      name: 'passes over someone already booked then',
      closers: [closer('ben'), closer('cy')],
      others: [taken, booking('x', 'ben', 10, 11)],
      to: 'cy',
    },
    {
      name: 'passes over someone on time off that day',
      closers: [
        closer('ben', { time_off: [{ id: 'o', from: '2026-12-07', to: '2026-12-07' }] } as never),
        closer('cy'),
      ],
      others: [taken],
      to: 'cy',
    },
    {
      name: 'passes over someone not working then',
      closers: [closer('ben', { weekly_hours: { mon: [{ start: '12:00', end: '18:00' }] } }), closer('cy')],
      others: [taken],
      to: 'cy',
    },
  ])('when the slot is taken, $name', ({ closers, others, to }) => {
    const outcome = settleBooking({
      booking: booking('b', 'ana', 10, 11),
      others,
      rule: ROUND_ROBIN,
      closers,
      now: NOW,
      target: null,
    });
    expect(outcome).toEqual({ kind: 'reassigned', asked: 'ana', to, clash: 'first' });
  });

  it('passes over someone at the day’s cap, and is returned when nobody fits', () => {
    const others = [taken, booking('x', 'ben', 8, 9)];
    const outcome = settleBooking({
      booking: booking('b', 'ana', 10, 11),
      others,
      rule: { kind: 'round_robin', daily_cap: 1 },
      closers: [closer('ben')],
      now: NOW,
      target: null,
    });
    expect(outcome).toEqual({ kind: 'returned', asked: 'ana', clash: 'first' });
  });

  it('writes the outcome as the appointment’s closer and its note, and reads the note back', () => {
    expect(outcomeFields({ kind: 'kept' }, at(9))).toBeUndefined();
    const moved = outcomeFields({ kind: 'reassigned', asked: 'ana', to: 'cy', clash: 'first' }, at(9));
    expect(moved).toEqual({
      user_id: 'cy',
      booking: { outcome: 'reassigned', asked_user_id: 'ana', clash_id: 'first', at: at(9) },
    });
    const back = outcomeFields({ kind: 'returned', asked: 'ana', clash: 'first' }, at(9));
    expect(back?.user_id).toBeNull();
    expect(bookingNoteOf(back?.booking)).toEqual(back?.booking);
    expect(bookingNoteOf(null)).toBeUndefined();
    expect(bookingNoteOf({ outcome: 'lost', asked_user_id: 'a', clash_id: 'b' })).toBeUndefined();
    expect(bookingNoteOf({ outcome: 'returned', asked_user_id: 1, clash_id: 'b' })).toBeUndefined();
  });
});

describe('bookings settled one after another, in any order', () => {
  const people = ['ana', 'ben', 'cy'];
  const slot = fc.record({
    user: fc.constantFrom(...people),
    hour: fc.integer({ min: 8, max: 16 }),
    half: fc.boolean(),
    length: fc.constantFrom(30, 60, 90),
    cancelled: fc.boolean(),
  });

  it('never leave a closer two appointments at one time', () => {
    fc.assert(
      fc.property(fc.array(slot, { maxLength: 25 }), fc.boolean(), (requests, withRule) => {
        const settled: Booking[] = [];
        requests.forEach((r, i) => {
          const startMs = Date.parse(at(r.hour, r.half ? 30 : 0));
          const candidate: Booking = {
            _id: `b${i}`,
            user_id: r.user,
            created_by: 'setter',
            start_time: new Date(startMs).toISOString(),
            end_time: new Date(startMs + r.length * 60_000).toISOString(),
            status: r.cancelled ? 'Cancelled' : 'Scheduled',
          };
          const outcome = settleBooking({
            booking: candidate,
            others: settled,
            rule: withRule ? ROUND_ROBIN : null,
            closers: people.map((p) => closer(p)),
            now: NOW,
            target: null,
          });
          const fields = outcomeFields(outcome, at(7));
          // A returned booking is its setter's, who books no one: it leaves the closers' days.
          settled.push(
            fields ? { ...candidate, user_id: fields.user_id, created_by: `setter-${i}` } : candidate,
          );
        });
        for (const person of people) {
          const mine = settled.filter((b) => b.user_id === person && b.status !== 'Cancelled');
          for (const b of mine) expect(clashOf(b, person, mine)).toBeUndefined();
        }
      }),
    );
  });
});
