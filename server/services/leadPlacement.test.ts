import { describe, expect, it } from 'vitest';
import { readConfig } from '#server/config.ts';
import { isPublicGeocoder, placementPacing } from './leadPlacement.ts';

/** A clock that moves only when the limiter waits. */
function fakeClock() {
  const clock = {
    t: 0,
    now: () => clock.t,
    wait: async (ms: number) => {
      clock.t += ms;
    },
  };
  return clock;
}

describe('the pace of lead placement', () => {
  it('treats the public Photon and Nominatim instances as public, any other as an own instance', () => {
    expect(isPublicGeocoder('https://photon.komoot.io')).toBe(true);
    expect(isPublicGeocoder('https://nominatim.openstreetmap.org')).toBe(true);
    expect(isPublicGeocoder('https://photon.example.com')).toBe(false);
    expect(isPublicGeocoder('http://127.0.0.1:2322')).toBe(false);
  });

  it('sends at most one request a second to a public instance and PLACE_LEADS_RATE to an own one', async () => {
    const clock = fakeClock();
    const pacing = placementPacing(readConfig({ PLACE_LEADS_RATE: '5' }), clock);
    const times = async (limiter: typeof pacing.publicLimiter) => {
      const at: number[] = [];
      await Promise.all([1, 2, 3, 4].map(() => limiter.schedule('lane', async () => at.push(clock.now()))));
      return at.slice(1).map((t, i) => t - (at[i] as number));
    };
    expect(await times(pacing.publicLimiter)).toEqual([1000, 1000, 1000]);
    expect(await times(pacing.ownLimiter)).toEqual([200, 200, 200]);
  });
});
