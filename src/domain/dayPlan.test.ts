import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DayAppointment, isAppointmentOf, legBetween, planDay } from './dayPlan.ts';
import { distanceMeters, type LatLng } from './knocks.ts';

const at = (h: number, min = 0) => new Date(2026, 10, 24, h, min).getTime();
const iso = (h: number, min = 0) => new Date(at(h, min)).toISOString();
const BASE: LatLng = { lat: 32.7767, lng: -96.797 };
/** A point `km` kilometres north of the base (0.01° of latitude is about 1.11 km). */
const north = (km: number): LatLng => ({ lat: BASE.lat + km / 111.195, lng: BASE.lng });

const visit = (
  id: string,
  start: [number, number?],
  position: LatLng | null,
  more: { end?: [number, number?]; status?: string } = {},
): DayAppointment & { id: string } => ({
  id,
  position,
  appointment: {
    _id: id,
    user_id: 'rep',
    start_time: iso(...start),
    end_time: more.end ? iso(...more.end) : null,
    status: more.status ?? 'Scheduled',
  },
});

describe('a leg between two places', () => {
  // Estimates: straight line × 1.3 along roads, at 40 km/h driving or 5 km/h walking, rounded up.
  const cases: [
    name: string,
    km: number,
    gapMinutes: number,
    drive: number,
    walk: number | undefined,
    tight: boolean,
  ][] = [
    ['the same door', 0, 30, 0, 0, false],
    ['a kilometre, with half an hour', 1, 30, 2, 16, false],
    ['1.4 km is still walkable', 1.4, 30, 3, 22, false],
    ['2 km is not said as a walk', 2, 30, 4, undefined, false],
    ['15 km in 29 minutes: 19.5 km by road at 40 km/h is 30 minutes', 15, 29, 30, undefined, true],
    ['15 km in 30 minutes is made', 15, 30, 30, undefined, false],
    ['overlapping appointments leave no time at all', 0.5, -15, 1, 8, true],
  ];
  it.each(cases)('%s', (_name, km, gap, drive, walk, tight) => {
    const leg = legBetween(BASE, north(km), at(9), at(9) + gap * 60_000);
    expect(leg.meters).toBeCloseTo(km * 1000, -1);
    expect(leg.driveMinutes).toBe(drive);
    expect(leg.walkMinutes).toBe(walk);
    expect(leg.minutesBetween).toBe(gap);
    expect(leg.tight).toBe(tight);
  });
});

describe("a rep's day", () => {
  it('puts the appointments in time order with the leg from each previous one', () => {
    const plan = planDay([
      visit('c', [14], north(3)),
      visit('a', [9], BASE, { end: [10] }),
      visit('b', [11], north(1)),
    ]);
    expect(plan.stops.map((s) => s.entry.id)).toEqual(['a', 'b', 'c']);
    expect(plan.stops[0]?.fromPrevious).toEqual({ kind: 'first' });
    const [, b, c] = plan.stops;
    expect(b?.fromPrevious.kind).toBe('leg');
    if (b?.fromPrevious.kind !== 'leg' || c?.fromPrevious.kind !== 'leg') throw new Error('legs expected');
    expect(b.fromPrevious.leg.meters).toBeCloseTo(1000, -1);
    // 'a' ends at 10:00 and 'b' starts at 11:00; 'b' has no end, so it lasts an hour (to 12:00).
    expect(b.fromPrevious.leg.minutesBetween).toBe(60);
    expect(c.fromPrevious.leg.minutesBetween).toBe(120);
    expect(c.fromPrevious.leg.meters).toBeCloseTo(2000, -1);
    expect(plan.totalMeters).toBeCloseTo(3000, -1);
    expect(plan.tightLegs).toBe(0);
    expect(plan.withoutPosition).toBe(0);
  });

  it('flags a leg too long for the time between', () => {
    const plan = planDay([visit('a', [9], BASE), visit('b', [10, 15], north(30))]);
    const leg = plan.stops[1]?.fromPrevious;
    expect(leg?.kind === 'leg' && leg.leg.tight).toBe(true);
    expect(plan.tightLegs).toBe(1);
  });

  it('says a leg is unknown, and counts the appointment, when a lead has no position', () => {
    const plan = planDay([visit('a', [9], BASE), visit('b', [11], null), visit('c', [13], north(2))]);
    expect(plan.stops.map((s) => s.fromPrevious.kind)).toEqual(['first', 'unknown', 'unknown']);
    expect(plan.stops[1]?.position).toBeUndefined();
    expect(plan.withoutPosition).toBe(1);
    expect(plan.totalMeters).toBe(0);
  });

  it('treats an impossible position as none', () => {
    const plan = planDay([
      visit('a', [9], { lat: 91, lng: 0 }),
      visit('b', [11], { lat: Number.NaN, lng: 1 }),
    ]);
    expect(plan.withoutPosition).toBe(2);
  });

  it('leaves cancelled appointments out of the legs and lists them apart', () => {
    const plan = planDay([
      visit('a', [9], BASE),
      visit('x', [10], north(50), { status: 'Cancelled' }),
      visit('b', [11], north(1)),
    ]);
    expect(plan.stops.map((s) => s.entry.id)).toEqual(['a', 'b']);
    expect(plan.cancelled.map((c) => c.id)).toEqual(['x']);
    expect(plan.totalMeters).toBeCloseTo(1000, -1);
  });

  it('leaves out an appointment without a usable start', () => {
    const broken = visit('z', [9], BASE);
    broken.appointment.start_time = 'soon';
    expect(planDay([broken, visit('a', [9], BASE)]).stops.map((s) => s.entry.id)).toEqual(['a']);
  });

  it('keeps appointments at the same time in the order given', () => {
    const plan = planDay([visit('b', [9], BASE), visit('a', [9], BASE)]);
    expect(plan.stops.map((s) => s.entry.id)).toEqual(['b', 'a']);
  });

  it('measures from where the rep is to the next appointment not yet started', () => {
    const day = [visit('a', [9], BASE), visit('b', [11], north(1)), visit('c', [14], north(5))];
    const here = { position: north(11), at: at(10, 30) };
    const plan = planDay(day, here);
    expect(plan.fromHere?.to.id).toBe('b');
    expect(plan.fromHere?.leg.meters).toBeCloseTo(10_000, -2);
    expect(plan.fromHere?.leg.minutesBetween).toBe(30);
    // 10 km × 1.3 at 40 km/h is 20 minutes: made.
    expect(plan.fromHere?.leg.tight).toBe(false);
    expect(planDay(day, { position: north(30), at: at(10, 30) }).tightLegs).toBe(1);
  });

  it('has no leg from here without a position, after the last start, or to a lead without a position', () => {
    const day = [visit('a', [9], BASE), visit('b', [11], null)];
    expect(planDay(day, { position: null, at: at(8) }).fromHere).toBeUndefined();
    expect(planDay(day, { position: BASE, at: at(12) }).fromHere).toBeUndefined();
    expect(planDay(day, { position: BASE, at: at(10) }).fromHere).toBeUndefined();
    expect(planDay(day, { position: BASE, at: at(8) }).fromHere?.to.id).toBe('a');
  });

  const point = fc.record({
    lat: fc.double({ min: 25, max: 49, noNaN: true }),
    lng: fc.double({ min: -124, max: -67, noNaN: true }),
  });
  const dayArb = fc.array(
    fc.record({
      startMinute: fc.integer({ min: 0, max: 24 * 60 - 1 }),
      length: fc.option(fc.integer({ min: 0, max: 240 }), { nil: undefined }),
      position: fc.option(point, { nil: null }),
      cancelled: fc.boolean(),
    }),
    { maxLength: 12 },
  );
  function toEntries(
    day: { startMinute: number; length: number | undefined; position: LatLng | null; cancelled: boolean }[],
  ) {
    return day.map((d, i) => ({
      position: d.position,
      appointment: {
        _id: `a${i}`,
        user_id: 'rep',
        start_time: new Date(at(0, d.startMinute)).toISOString(),
        end_time: d.length === undefined ? null : new Date(at(0, d.startMinute + d.length)).toISOString(),
        status: d.cancelled ? 'Cancelled' : 'Scheduled',
      },
    }));
  }

  it('goes to every appointment not cancelled exactly once, in time order, legs summing to the total', () => {
    fc.assert(
      fc.property(dayArb, (day) => {
        const entries = toEntries(day);
        const plan = planDay(entries);
        const ids = plan.stops.map((s) => s.entry.appointment._id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids.length + plan.cancelled.length).toBe(entries.length);
        for (const s of plan.stops) expect(s.entry.appointment.status).not.toBe('Cancelled');
        for (let i = 1; i < plan.stops.length; i++)
          expect(plan.stops[i]?.start).toBeGreaterThanOrEqual(plan.stops[i - 1]?.start ?? 0);
        let sum = 0;
        let tight = 0;
        plan.stops.forEach((s, i) => {
          const previous = plan.stops[i - 1];
          if (s.fromPrevious.kind === 'leg') {
            sum += s.fromPrevious.leg.meters;
            if (s.fromPrevious.leg.tight) tight += 1;
            expect(s.fromPrevious.leg.meters).toBeCloseTo(
              distanceMeters(previous?.position ?? BASE, s.position ?? BASE),
              6,
            );
          } else expect(s.fromPrevious.kind).toBe(i === 0 ? 'first' : 'unknown');
        });
        expect(plan.totalMeters).toBeCloseTo(sum, 6);
        expect(plan.tightLegs).toBe(tight);
      }),
    );
  });
});

describe('whose appointment it is', () => {
  const cases: [name: string, fields: { user_id?: string | null; created_by?: unknown }, mine: boolean][] = [
    ['set for me', { user_id: 'me', created_by: 'boss' }, true],
    ['set for someone else, though I made it', { user_id: 'you', created_by: 'me' }, false],
    ['set for no one, made by me', { user_id: null, created_by: 'me' }, true],
    ['set for no one, made by someone else', { user_id: null, created_by: 'you' }, false],
    ['set for no one, made by no one', { user_id: null }, false],
  ];
  it.each(cases)('%s', (_name, fields, mine) => {
    expect(isAppointmentOf({ _id: 'a', ...fields }, 'me')).toBe(mine);
  });
});
