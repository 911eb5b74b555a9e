import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { googleGeocoder, type RemoteGeocoder } from '#src/api/geocoder.ts';
import { SupersededError } from '#src/api/geocoding/requestLimiter.ts';
import type { GoogleMaps } from '#src/api/maps/googleTypes.ts';
import type { PinService } from '../pins/usePinService.ts';

/** What the fake maps script answers; set per test. */
let script: { fails: boolean; predictions: [unknown[] | null, string] } = {
  fails: false,
  predictions: [[], 'OK'],
};

vi.mock('#src/api/maps/loader.ts', () => ({
  mapsLoader: () => ({
    load: async (): Promise<GoogleMaps> => {
      if (script.fails) throw new Error('Failed to load Google Maps API with Loader');
      return {
        Geocoder: class {
          geocode(_request: unknown, callback: (r: unknown[], s: string) => void) {
            callback(
              [
                {
                  formatted_address: '4410 N 12th St, Phoenix, AZ 85014, USA',
                  geometry: { location: { lat: () => 33.5, lng: () => -112.05 } },
                  address_components: [],
                },
              ],
              'OK',
            );
          }
        },
        places: {
          AutocompleteService: class {
            getPlacePredictions(_request: unknown, callback: (p: unknown[] | null, s: string) => void) {
              callback(...script.predictions);
            }
          },
        },
      } as unknown as GoogleMaps;
    },
  }),
}));

const service = {
  searchAddress: async () => [
    { _id: 'lead-1', name: 'Pat', address: '4410 N 12th Pl, Phoenix, AZ', lng: -112, lat: 33.4 },
  ],
} as unknown as PinService;
const NEAR = { lng: -112, lat: 33.5 };

beforeEach(() => {
  vi.resetModules();
  vi.stubEnv('VITE_GOOGLE_MAPS_KEY', 'browser-key');
  vi.stubEnv('VITE_GEOCODER_URL', '');
  vi.stubGlobal('navigator', { onLine: true });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('address search with a maps key', () => {
  it('lists own leads, then the suggestions; a picked suggestion is placed by its place id', async () => {
    script = {
      fails: false,
      predictions: [[{ description: '4410 N 12th St, Phoenix, AZ, USA', place_id: 'p1' }], 'OK'],
    };
    const { searchAddresses, placeOf } = await import('./useGeocoder.ts');
    const { results, error } = await searchAddresses(service, undefined, '4410 N 12th', NEAR);
    expect(error).toBeUndefined();
    expect(results).toEqual([
      { address: '4410 N 12th Pl, Phoenix, AZ', lng: -112, lat: 33.4, source: 'contacts', leadId: 'lead-1' },
      { address: '4410 N 12th St, Phoenix, AZ, USA', source: 'google', placeId: 'p1' },
    ]);
    await expect(placeOf(results[1] as (typeof results)[number])).resolves.toEqual({
      address: '4410 N 12th St, Phoenix, AZ 85014, USA',
      lng: -112.05,
      lat: 33.5,
      source: 'google',
    });
    // A lead of one's own needs no placing.
    await expect(placeOf(results[0] as (typeof results)[number])).resolves.toBe(results[0]);
  });

  it('gives only the own leads when the provider has no suggestion', async () => {
    script = { fails: false, predictions: [null, 'ZERO_RESULTS'] };
    const { searchAddresses } = await import('./useGeocoder.ts');
    const { results } = await searchAddresses(service, undefined, 'zzzz zzzz', NEAR);
    expect(results.map((r) => r.source)).toEqual(['contacts']);
  });

  it('falls back to the geocoder when the script cannot load, and says why that failed too', async () => {
    script = { fails: true, predictions: [[], 'OK'] };
    const fetcher = vi.fn(async (_url: string) => ({ ok: false, status: 503, json: async () => ({}) }));
    vi.stubGlobal('fetch', fetcher);
    const { searchAddresses } = await import('./useGeocoder.ts');
    const geocoder = googleGeocoder('browser-key', fetcher);
    const { results, error } = await searchAddresses(service, geocoder, '4410 N 12th', NEAR);
    expect(String(fetcher.mock.calls[0]?.[0])).toContain('https://maps.googleapis.com/maps/api/geocode/json');
    expect(results.map((r) => r.source)).toEqual(['contacts']);
    expect(error).toBe('The address search answered 503.');
  });
});

describe('address search without a maps key', () => {
  const found = { address: '1 Main St, Mesa, AZ 85201', lng: -111.8, lat: 33.4, source: 'open' as const };
  const geocoder = (search: RemoteGeocoder['search']): RemoteGeocoder => ({
    source: 'open',
    provider: 'photon',
    search,
    reverse: async () => undefined,
    locate: async () => undefined,
  });

  it.each([
    [
      'the org’s geocoder answers after the own leads',
      geocoder(async () => [found]),
      ['contacts', 'open'],
      undefined,
    ],
    ['address search is off: own leads only', undefined, ['contacts'], undefined],
    [
      'a search replaced while it waited: own leads, no error',
      geocoder(async () => {
        throw new SupersededError();
      }),
      ['contacts'],
      undefined,
    ],
    [
      'a failing geocoder: own leads and why',
      geocoder(async () => {
        throw new Error('The address search answered 429.');
      }),
      ['contacts'],
      'The address search answered 429.',
    ],
  ])('%s', async (_name, remote, sources, expectedError) => {
    vi.stubEnv('VITE_GOOGLE_MAPS_KEY', '');
    const { searchAddresses } = await import('./useGeocoder.ts');
    const { results, error } = await searchAddresses(service, remote, '1 Main St', NEAR);
    expect(results.map((r) => r.source)).toEqual(sources);
    expect(error).toBe(expectedError);
  });
});
