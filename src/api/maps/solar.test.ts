import { describe, expect, it, vi } from 'vitest';
import { findSolarEstimate, SOLAR_API } from './solar.ts';

const INSIGHTS = {
  imageryQuality: 'HIGH',
  solarPotential: {
    maxArrayPanelsCount: 38,
    maxSunshineHoursPerYear: 1987.4,
    wholeRoofStats: { areaMeters2: 112.5 },
    solarPanelConfigs: [
      { panelsCount: 4, yearlyEnergyDcKwh: 2100.2 },
      { panelsCount: 38, yearlyEnergyDcKwh: 19876.6 },
    ],
  },
};

describe('solar estimate', () => {
  it('asks for the building nearest the position and sums up the largest layout', async () => {
    const fetcher = vi.fn(async (_url: string) => ({ ok: true, status: 200, json: async () => INSIGHTS }));
    const found = await findSolarEstimate('k', { lng: -112.059, lat: 33.5046 }, { fetcher });
    expect(found).toEqual({
      panels: 38,
      kwhPerYear: 19877,
      sunshineHoursPerYear: 1987,
      roofAreaM2: 112.5,
      quality: 'HIGH',
    });
    const url = new URL(String(fetcher.mock.calls[0]?.[0]));
    expect(url.origin + url.pathname).toBe(SOLAR_API);
    expect(url.searchParams.get('location.latitude')).toBe('33.5046');
    expect(url.searchParams.get('location.longitude')).toBe('-112.059');
    expect(url.searchParams.get('key')).toBe('k');
  });

  it('knows no building on a 404 and fails on other errors', async () => {
    const notFound = vi.fn(async () => ({ ok: false, status: 404, json: async () => ({}) }));
    await expect(findSolarEstimate('k', { lng: 0, lat: 0 }, { fetcher: notFound })).resolves.toBeUndefined();
    const denied = vi.fn(async () => ({ ok: false, status: 403, json: async () => ({}) }));
    await expect(findSolarEstimate('k', { lng: 0, lat: 0 }, { fetcher: denied })).rejects.toThrow(
      'The solar service answered 403.',
    );
  });
});
