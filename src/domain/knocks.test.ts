import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  classifyKnock,
  distanceMeters,
  KNOCK_NEAR_METERS,
  KNOCK_VERIFIED_ACCURACY,
  KNOCK_VERIFIED_METERS,
  knockStats,
} from './knocks.ts';
import { knockPositionSchema } from './schemas/knocks.ts';

const pin = { lat: 30.2672, lng: -97.7431 };
/** A point `metres` north of the pin (one degree of latitude is about 111,195 m). */
const north = (metres: number, accuracy: number | null = 5) => ({
  lat: pin.lat + metres / 111_195,
  lng: pin.lng,
  accuracy,
});

describe('distanceMeters', () => {
  it('measures known distances', () => {
    expect(distanceMeters(pin, pin)).toBe(0);
    expect(distanceMeters(pin, north(60))).toBeCloseTo(60, 0);
    // Austin to Dallas, about 293 km.
    expect(distanceMeters(pin, { lat: 32.7767, lng: -96.797 }) / 1000).toBeCloseTo(293, -1);
  });

  it('is symmetric, never negative and at most half the Earth around', () => {
    const point = fc.record({
      lat: fc.double({ min: -90, max: 90, noNaN: true }),
      lng: fc.double({ min: -180, max: 180, noNaN: true }),
    });
    fc.assert(
      fc.property(point, point, (a, b) => {
        const d = distanceMeters(a, b);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(Math.PI * 6_371_009);
        expect(Math.abs(d - distanceMeters(b, a))).toBeLessThan(1e-6);
      }),
    );
  });
});

describe('classifyKnock', () => {
  it.each([
    ['at the pin', north(0), 'verified'],
    ['10 m away with a 30 m fix', north(10, KNOCK_VERIFIED_ACCURACY), 'verified'],
    ['24 m away', north(24), 'verified'],
    ['10 m away with an 80 m fix', north(10, 80), 'near'],
    ['10 m away with no accuracy', north(10, null), 'near'],
    ['26 m away', north(26), 'near'],
    ['60 m away', north(60), 'near'],
    ['99 m away', north(99), 'near'],
    ['101 m away', north(101), 'far'],
    ['500 m away', north(500), 'far'],
  ] as const)('%s is %s', (_, position, expected) => {
    const verdict = classifyKnock(position, pin);
    expect(verdict.classification).toBe(expected);
    expect(verdict.distance_m).toBeCloseTo(distanceMeters(position, pin), 6);
  });

  it('is unknown without a position or a pin', () => {
    expect(classifyKnock(null, pin)).toEqual({ classification: 'unknown', distance_m: null });
    expect(classifyKnock(north(0), null)).toEqual({ classification: 'unknown', distance_m: null });
    expect(classifyKnock({ lat: Number.NaN, lng: 0 }, pin).classification).toBe('unknown');
    expect(classifyKnock(north(0), { lat: 91, lng: 0 }).classification).toBe('unknown');
  });

  it('agrees with the thresholds for any position', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 2000, noNaN: true }),
        fc.option(fc.double({ min: 0, max: 1000, noNaN: true })),
        (metres, accuracy) => {
          const position = north(metres, accuracy);
          const { classification, distance_m } = classifyKnock(position, pin);
          const d = distance_m as number;
          if (classification === 'verified')
            expect(d <= KNOCK_VERIFIED_METERS && (accuracy ?? Infinity) <= KNOCK_VERIFIED_ACCURACY).toBe(
              true,
            );
          else if (classification === 'near') {
            expect(d).toBeLessThanOrEqual(KNOCK_NEAR_METERS);
            expect(d <= KNOCK_VERIFIED_METERS && (accuracy ?? Infinity) <= KNOCK_VERIFIED_ACCURACY).toBe(
              false,
            );
          } else expect(classification === 'far' && d > KNOCK_NEAR_METERS).toBe(true);
        },
      ),
    );
  });
});

describe('the knock position schema', () => {
  const good = { lat: 30.1, lng: -97.2, accuracy: 12, at: '2026-03-01T15:00:00.000Z' };
  it('takes a position and refuses numbers out of range or not numbers', () => {
    expect(knockPositionSchema.safeParse(good).success).toBe(true);
    for (const bad of [
      { lat: 91 },
      { lng: -181 },
      { lat: 'NaN' },
      { lat: Number.NaN },
      { accuracy: -1 },
      { accuracy: 100_001 },
      { accuracy: Number.POSITIVE_INFINITY },
      { at: 'yesterday' },
      { extra: 1 },
    ])
      expect(knockPositionSchema.safeParse({ ...good, ...bad }).success, JSON.stringify(bad)).toBe(false);
    const message = knockPositionSchema.safeParse({ ...good, lat: 91 }).error?.issues[0]?.message;
    expect(message).toBe('latitude must be a number between -90 and 90');
  });
});

describe('knockStats', () => {
  const period = { start: new Date('2026-03-01T00:00:00Z'), end: new Date('2026-03-02T00:00:00Z') };
  const knock = (user_id: string, knocked_at: string, classification: string, distance_m: number | null) => ({
    user_id,
    knocked_at,
    classification,
    distance_m,
  });

  it('counts each person’s knocks in the period by classification, with their average distance', () => {
    const stats = knockStats(
      [
        knock('a', '2026-03-01T10:00:00Z', 'verified', 10),
        knock('a', '2026-03-01T11:00:00Z', 'near', 50),
        knock('a', '2026-03-01T12:00:00Z', 'unknown', null),
        knock('a', '2026-02-28T23:59:59Z', 'verified', 1),
        knock('b', '2026-03-01T09:00:00Z', 'far', 600),
        { ...knock('b', '2026-03-01T09:30:00Z', 'verified', 2), deleted_at: '2026-03-01T10:00:00Z' },
        knock('c', '2026-03-01T09:30:00Z', 'odd', null),
      ],
      [],
      [],
      period,
    );
    expect(stats.get('a')).toEqual({
      knocks: 3,
      verified: 1,
      near: 1,
      far: 0,
      unknown: 1,
      average_distance_m: 30,
      time_in_field_ms: 0,
    });
    expect(stats.get('b')).toMatchObject({ knocks: 1, far: 1, average_distance_m: 600 });
    expect(stats.get('c')).toMatchObject({ knocks: 1, unknown: 1, average_distance_m: null });
  });

  it('sums path time clipped to the period, from the path’s ends or else its points', () => {
    const hour = 3_600_000;
    const stats = knockStats(
      [],
      [
        { id: 'p1', user_id: 'a', started_at: '2026-03-01T09:00:00Z', ended_at: '2026-03-01T11:00:00Z' },
        // Began the evening before: only the part after midnight counts.
        { id: 'p2', user_id: 'a', started_at: '2026-02-28T23:00:00Z', ended_at: '2026-03-01T01:00:00Z' },
        // Left open: its last point ends it.
        { id: 'p3', user_id: 'b', started_at: '2026-03-01T14:00:00Z', ended_at: null },
        // Another day entirely.
        { id: 'p4', user_id: 'b', started_at: '2026-03-03T14:00:00Z', ended_at: '2026-03-03T15:00:00Z' },
        // Open with no points: nothing to measure.
        { id: 'p5', user_id: 'c', started_at: '2026-03-01T14:00:00Z', ended_at: null },
      ],
      [
        { path_id: 'p3', recorded_at: '2026-03-01T14:10:00Z' },
        { path_id: 'p3', recorded_at: '2026-03-01T14:30:00Z' },
      ],
      period,
    );
    expect(stats.get('a')?.time_in_field_ms).toBe(3 * hour);
    expect(stats.get('b')?.time_in_field_ms).toBe(0.5 * hour);
    expect(stats.get('c')).toBeUndefined();
  });

  it('classifications always add up to the knocks counted', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            user_id: fc.constantFrom('a', 'b'),
            knocked_at: fc
              .integer({ min: Date.parse('2026-02-28T00:00:00Z'), max: Date.parse('2026-03-03T00:00:00Z') })
              .map((ms) => new Date(ms).toISOString()),
            classification: fc.constantFrom('verified', 'near', 'far', 'unknown', 'x'),
            distance_m: fc.option(fc.double({ min: 0, max: 5000, noNaN: true })),
          }),
        ),
        (knocks) => {
          for (const s of knockStats(knocks, [], [], period).values()) {
            expect(s.verified + s.near + s.far + s.unknown).toBe(s.knocks);
            if (s.average_distance_m !== null) expect(s.average_distance_m).toBeGreaterThanOrEqual(0);
          }
        },
      ),
    );
  });
});
