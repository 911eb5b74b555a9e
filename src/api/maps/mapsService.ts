/**
 * The maps service of SPEC section 7 over the Google Maps script: geocode by address (US),
 * reverse geocode, geocode by place id and place autocomplete (address type, US, biased to a
 * position). Section 8: an autocomplete failing status raises an error, zero results is an empty
 * list, geocode failures are logged and return nothing.
 */
import { fromGoogleResult, type GeocodeResult } from '../geocoder.ts';
import type {
  GoogleAutocompleteService,
  GoogleGeocoder,
  GoogleGeocoderRequest,
  GoogleGeocoderResult,
  GoogleMaps,
  GooglePrediction,
  LatLngLiteral,
} from './googleTypes.ts';

export interface PlaceSuggestion {
  placeId: string;
  /** The whole address as the provider words it. */
  description: string;
  /** Its first line (street) and the rest, when the provider splits them. */
  main: string;
  secondary: string;
}

export interface MapsService {
  autocomplete(input: string, near?: LatLngLiteral): Promise<PlaceSuggestion[]>;
  geocodeAddress(address: string): Promise<GeocodeResult[]>;
  reverseGeocode(lng: number, lat: number): Promise<GeocodeResult | undefined>;
  geocodePlaceId(placeId: string): Promise<GeocodeResult | undefined>;
}

/** How far the autocomplete bias reaches around the given position. */
export const BIAS_RADIUS_METERS = 50_000;

function toResult(r: GoogleGeocoderResult): GeocodeResult {
  const { location } = r.geometry;
  return fromGoogleResult({ ...r, geometry: { location: { lat: location.lat(), lng: location.lng() } } });
}

export function mapsService(
  loadMaps: () => Promise<GoogleMaps>,
  log: (message: string, err: unknown) => void = (message, err) => console.warn(message, err),
): MapsService {
  let geocoder: Promise<GoogleGeocoder> | undefined;
  let predictions: Promise<GoogleAutocompleteService> | undefined;

  /** Geocodes; any failure (the script, a status other than OK) is logged and gives no results. */
  async function geocode(request: GoogleGeocoderRequest, what: string): Promise<GeocodeResult[]> {
    try {
      geocoder ??= loadMaps().then((maps) => new maps.Geocoder());
      const service = await geocoder;
      const results = await new Promise<GoogleGeocoderResult[]>((resolve, reject) => {
        service.geocode(request, (found, status) => {
          if (status === 'OK') resolve(found ?? []);
          else if (status === 'ZERO_RESULTS') resolve([]);
          else reject(new Error(`${what} failed: ${status}`));
        });
      });
      return results.map(toResult);
    } catch (err) {
      log(`${what} failed`, err);
      return [];
    }
  }

  return {
    async autocomplete(input, near) {
      predictions ??= loadMaps().then((maps) => new maps.places.AutocompleteService());
      const service = await predictions;
      const found = await new Promise<GooglePrediction[]>((resolve, reject) => {
        service.getPlacePredictions(
          {
            input,
            types: ['address'],
            componentRestrictions: { country: 'us' },
            ...(near ? { locationBias: { center: near, radius: BIAS_RADIUS_METERS } } : {}),
          },
          (list, status) => {
            if (status === 'OK') resolve(list ?? []);
            else if (status === 'ZERO_RESULTS') resolve([]);
            else reject(new Error(`Address suggestions failed: ${status}`));
          },
        );
      });
      return found.map((p) => ({
        placeId: p.place_id,
        description: p.description,
        main: p.structured_formatting?.main_text ?? p.description,
        secondary: p.structured_formatting?.secondary_text ?? '',
      }));
    },
    geocodeAddress: (address) =>
      geocode({ address, componentRestrictions: { country: 'US' } }, 'Geocoding an address'),
    reverseGeocode: async (lng, lat) => (await geocode({ location: { lat, lng } }, 'Reverse geocoding'))[0],
    geocodePlaceId: async (placeId) => (await geocode({ placeId }, 'Geocoding a place'))[0],
  };
}
