import { useCallback } from 'react';
import type { KnockPosition } from '#src/domain/schemas/knocks.ts';

/** A fix this recent is where the knock was made. */
export const KNOCK_FIX_MAX_AGE_MS = 60_000;
/** Without a recent fix, a knock waits at most this long for one, then goes without. */
export const KNOCK_FIX_TIMEOUT_MS = 3_000;

let latest: KnockPosition | undefined;

function fixOf(position: GeolocationPosition, now: number): KnockPosition | undefined {
  const { latitude: lat, longitude: lng, accuracy } = position.coords;
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180)
    return undefined;
  const at = Number.isFinite(position.timestamp) && position.timestamp > 0 ? position.timestamp : now;
  return {
    lat,
    lng,
    accuracy: Number.isFinite(accuracy) ? Math.min(Math.max(accuracy, 0), 100_000) : 100_000,
    at: new Date(at).toISOString(),
  };
}

/** Keeps a fix the app received (path tracking, the map's own location), for the next knock. */
export function rememberFix(position: GeolocationPosition, now = Date.now()): void {
  const fix = fixOf(position, now);
  if (fix && (!latest || Date.parse(fix.at) >= Date.parse(latest.at))) latest = fix;
}

/** Forgets the kept fix (tests; signing out). */
export function forgetFix(): void {
  latest = undefined;
}

export interface KnockPositionEnv {
  geolocation?: Pick<Geolocation, 'getCurrentPosition'> | undefined;
  now(): number;
}

const browserEnv = (): KnockPositionEnv => ({
  geolocation:
    typeof navigator !== 'undefined' && 'geolocation' in navigator ? navigator.geolocation : undefined,
  now: () => Date.now(),
});

/**
 * Where the device is for a knock: the latest fix when it is at most a minute old, else one asked
 * for now that arrives within 3 s; undefined when there is none (no permission, no signal), so a
 * knock is never held up by the position.
 */
export function knockPosition(env: KnockPositionEnv = browserEnv()): Promise<KnockPosition | undefined> {
  const now = env.now();
  if (latest && now - Date.parse(latest.at) <= KNOCK_FIX_MAX_AGE_MS) return Promise.resolve(latest);
  const geolocation = env.geolocation;
  if (!geolocation) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), KNOCK_FIX_TIMEOUT_MS + 100);
    const done = (fix: KnockPosition | undefined) => {
      clearTimeout(timer);
      resolve(fix);
    };
    try {
      geolocation.getCurrentPosition(
        (position) => {
          rememberFix(position, env.now());
          done(fixOf(position, env.now()));
        },
        () => done(undefined),
        { enableHighAccuracy: true, maximumAge: KNOCK_FIX_MAX_AGE_MS, timeout: KNOCK_FIX_TIMEOUT_MS },
      );
    } catch {
      done(undefined);
    }
  });
}

/** The position to send with a knock (see {@link knockPosition}). */
export function useKnockPosition(): () => Promise<KnockPosition | undefined> {
  return useCallback(() => knockPosition(), []);
}
