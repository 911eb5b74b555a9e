import { describe, expect, it } from 'vitest';
import type { GeocodeResult } from '#src/api/geocoder.ts';
import { testActor } from '#tests/support/actors.ts';
import { areaViewOf, cornersOf, myLocationOutcome, searchPickOutcome, seesTeamPaths } from './mapPage.ts';

describe('the lead map', () => {
  it.each([
    { access: 'Admin' as const, sees: true },
    { access: 'Manager' as const, sees: true },
    { access: 'User' as const, sees: false },
    { access: 'Guest' as const, sees: false },
  ])("shows a $access the team's paths: $sees", ({ access, sees }) => {
    expect(seesTeamPaths(testActor(access))).toBe(sees);
  });

  const place: GeocodeResult = {
    address: '1 Main St, Phoenix, AZ 85004',
    lng: -112.07,
    lat: 33.45,
    source: 'open',
  };
  it.each([
    {
      why: 'drops a pin with the address of a place',
      result: place,
      outcome: {
        camera: { center: [-112.07, 33.45], zoom: 18 },
        dropAt: { lng: -112.07, lat: 33.45, address: '1 Main St, Phoenix, AZ 85004' },
      },
    },
    {
      why: "opens the user's own lead",
      result: { ...place, source: 'contacts' as const, leadId: 'lead-1' },
      outcome: { camera: { center: [-112.07, 33.45], zoom: 18 }, openLead: 'lead-1' },
    },
  ])('eases to a search pick and $why', ({ result, outcome }) => {
    expect(searchPickOutcome(result)).toEqual(outcome);
  });

  it.each([
    { zoom: 10, shownAt: 17 },
    { zoom: 17, shownAt: 17 },
    { zoom: 19.5, shownAt: 19.5 },
  ])('adds a pin at the position, zoomed from $zoom to $shownAt', ({ zoom, shownAt }) => {
    expect(myLocationOutcome({ longitude: -111.9, latitude: 33.4 }, zoom)).toEqual({
      at: { lng: -111.9, lat: 33.4 },
      camera: { center: [-111.9, 33.4], zoom: shownAt },
    });
  });

  it('saves the visible area for offline use as west, south, east, north and its zoom', () => {
    const bounds = {
      getWest: () => -112.2,
      getSouth: () => 33.3,
      getEast: () => -111.9,
      getNorth: () => 33.6,
    };
    expect(areaViewOf(bounds, 13)).toEqual({ bbox: [-112.2, 33.3, -111.9, 33.6], zoom: 13 });
    expect(cornersOf([-112.2, 33.3, -111.9, 33.6])).toEqual([
      [-112.2, 33.3],
      [-111.9, 33.6],
    ]);
  });
});
