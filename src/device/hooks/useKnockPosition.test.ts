import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetFix, KNOCK_FIX_TIMEOUT_MS, knockPosition, rememberFix } from './useKnockPosition.ts';

const NOW = Date.parse('2026-03-02T16:00:00.000Z');
const fix = (ageMs: number, accuracy = 5) =>
  ({
    coords: { latitude: 33.4484, longitude: -112.074, accuracy },
    timestamp: NOW - ageMs,
  }) as GeolocationPosition;

// The kept fix is the device's, shared by everything loaded in this worker: start from none.
beforeEach(() => forgetFix());
afterEach(() => {
  forgetFix();
  vi.useRealTimers();
});

describe('knockPosition', () => {
  it('uses the latest fix when it is at most a minute old, without asking', async () => {
    const getCurrentPosition = vi.fn();
    rememberFix(fix(30_000), NOW);
    expect(await knockPosition({ geolocation: { getCurrentPosition }, now: () => NOW })).toEqual({
      lat: 33.4484,
      lng: -112.074,
      accuracy: 5,
      at: new Date(NOW - 30_000).toISOString(),
    });
    expect(getCurrentPosition).not.toHaveBeenCalled();
  });

  it('asks once, within 3 s, when the kept fix is older', async () => {
    rememberFix(fix(120_000), NOW);
    const getCurrentPosition = vi.fn(
      (ok: PositionCallback, _e?: PositionErrorCallback | null, o?: PositionOptions) => {
        expect(o?.timeout).toBeLessThanOrEqual(3000);
        ok(fix(0, 12));
      },
    );
    expect(await knockPosition({ geolocation: { getCurrentPosition }, now: () => NOW })).toMatchObject({
      accuracy: 12,
      at: new Date(NOW).toISOString(),
    });
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
  });

  it('goes without a position when refused, unavailable or silent', async () => {
    const refused = vi.fn((_ok: PositionCallback, err?: PositionErrorCallback | null) =>
      err?.({ code: 1 } as GeolocationPositionError),
    );
    expect(
      await knockPosition({ geolocation: { getCurrentPosition: refused }, now: () => NOW }),
    ).toBeUndefined();
    expect(await knockPosition({ geolocation: undefined, now: () => NOW })).toBeUndefined();
    vi.useFakeTimers();
    const silent = knockPosition({ geolocation: { getCurrentPosition: vi.fn() }, now: () => NOW });
    vi.advanceTimersByTime(KNOCK_FIX_TIMEOUT_MS + 200);
    expect(await silent).toBeUndefined();
  });
});
