import { describe, expect, it, vi } from 'vitest';
import type {
  GoogleGeocoderRequest,
  GoogleGeocoderResult,
  GoogleMaps,
  GooglePrediction,
  GooglePredictionRequest,
} from './googleTypes.ts';
import { BIAS_RADIUS_METERS, mapsService } from './mapsService.ts';

/** A fake `google.maps` answering with the given statuses and records what it was asked. */
function fakeMaps(
  geocodeAnswer: [GoogleGeocoderResult[] | null, string],
  predictionAnswer: [GooglePrediction[] | null, string] = [[], 'ZERO_RESULTS'],
) {
  const geocodeRequests: GoogleGeocoderRequest[] = [];
  const predictionRequests: GooglePredictionRequest[] = [];
  const maps = {
    Geocoder: class {
      geocode(
        request: GoogleGeocoderRequest,
        callback: (r: GoogleGeocoderResult[] | null, s: string) => void,
      ) {
        geocodeRequests.push(request);
        callback(...geocodeAnswer);
      }
    },
    places: {
      AutocompleteService: class {
        getPlacePredictions(
          request: GooglePredictionRequest,
          callback: (p: GooglePrediction[] | null, s: string) => void,
        ) {
          predictionRequests.push(request);
          callback(...predictionAnswer);
        }
      },
    },
  } as GoogleMaps;
  return { maps, geocodeRequests, predictionRequests };
}

const HOUSE: GoogleGeocoderResult = {
  formatted_address: '4410 N 12th St, Phoenix, AZ 85014, USA',
  place_id: 'place-1',
  geometry: { location: { lat: () => 33.5046, lng: () => -112.059 } },
  address_components: [
    { long_name: '4410', short_name: '4410', types: ['street_number'] },
    { long_name: 'North 12th Street', short_name: 'N 12th St', types: ['route'] },
    { long_name: 'Phoenix', short_name: 'Phoenix', types: ['locality'] },
    { long_name: 'Arizona', short_name: 'AZ', types: ['administrative_area_level_1'] },
    { long_name: '85014', short_name: '85014', types: ['postal_code'] },
  ],
};
const PHOENIX_HOUSE = {
  address: '4410 North 12th Street, Phoenix, AZ 85014',
  lat: 33.5046,
  lng: -112.059,
  source: 'google',
};

describe('maps service', () => {
  it('suggests US addresses biased to the position, mapped to place ids', async () => {
    const { maps, predictionRequests } = fakeMaps(
      [[], 'OK'],
      [
        [
          {
            description: '4410 N 12th St, Phoenix, AZ, USA',
            place_id: 'place-1',
            structured_formatting: { main_text: '4410 N 12th St', secondary_text: 'Phoenix, AZ, USA' },
          },
          { description: '4410 N 12th Ave, Phoenix, AZ, USA', place_id: 'place-2' },
        ],
        'OK',
      ],
    );
    const service = mapsService(async () => maps);
    const found = await service.autocomplete('4410 N 12th', { lng: -112, lat: 33.5 });
    expect(found).toEqual([
      {
        placeId: 'place-1',
        description: '4410 N 12th St, Phoenix, AZ, USA',
        main: '4410 N 12th St',
        secondary: 'Phoenix, AZ, USA',
      },
      {
        placeId: 'place-2',
        description: '4410 N 12th Ave, Phoenix, AZ, USA',
        main: '4410 N 12th Ave, Phoenix, AZ, USA',
        secondary: '',
      },
    ]);
    expect(predictionRequests).toEqual([
      {
        input: '4410 N 12th',
        types: ['address'],
        componentRestrictions: { country: 'us' },
        locationBias: { center: { lng: -112, lat: 33.5 }, radius: BIAS_RADIUS_METERS },
      },
    ]);
  });

  it('gives an empty list for zero suggestions and raises an error on a failing status', async () => {
    const none = mapsService(async () => fakeMaps([[], 'OK'], [null, 'ZERO_RESULTS']).maps);
    await expect(none.autocomplete('zzzz')).resolves.toEqual([]);
    const denied = mapsService(async () => fakeMaps([[], 'OK'], [null, 'REQUEST_DENIED']).maps);
    await expect(denied.autocomplete('4410 N')).rejects.toThrow('Address suggestions failed: REQUEST_DENIED');
  });

  it('geocodes by place id, by address (US) and reverse, as street, city, STATE ZIP', async () => {
    const { maps, geocodeRequests } = fakeMaps([[HOUSE], 'OK']);
    const service = mapsService(async () => maps);
    await expect(service.geocodePlaceId('place-1')).resolves.toEqual(PHOENIX_HOUSE);
    await expect(service.geocodeAddress('4410 N 12th St Phoenix')).resolves.toEqual([PHOENIX_HOUSE]);
    await expect(service.reverseGeocode(-112.059, 33.5046)).resolves.toEqual(PHOENIX_HOUSE);
    expect(geocodeRequests).toEqual([
      { placeId: 'place-1' },
      { address: '4410 N 12th St Phoenix', componentRestrictions: { country: 'US' } },
      { location: { lat: 33.5046, lng: -112.059 } },
    ]);
  });

  it('logs geocode failures and returns nothing', async () => {
    const log = vi.fn();
    const service = mapsService(async () => fakeMaps([null, 'OVER_QUERY_LIMIT']).maps, log);
    await expect(service.geocodePlaceId('place-1')).resolves.toBeUndefined();
    await expect(service.geocodeAddress('x')).resolves.toEqual([]);
    expect(log).toHaveBeenCalledTimes(2);
    expect(String(log.mock.calls[0]?.[1])).toContain('OVER_QUERY_LIMIT');

    const zero = mapsService(async () => fakeMaps([null, 'ZERO_RESULTS']).maps, log);
    await expect(zero.reverseGeocode(0, 0)).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledTimes(2);

    const noScript = mapsService(async () => {
      throw new Error('Failed to load Google Maps API with Loader');
    }, log);
    await expect(noScript.geocodeAddress('x')).resolves.toEqual([]);
    expect(log).toHaveBeenCalledTimes(3);
  });
});
