import type { GeocodeResult, RemoteGeocoder } from '#src/api/geocoder.ts';
import { isSuperseded } from '#src/api/geocoding/requestLimiter.ts';
import { mapsLoader } from '#src/api/maps/loader.ts';
import { mapsService } from '#src/api/maps/mapsService.ts';
import { MAP_SERVICE_SETTINGS } from '#src/api/maps/settings.ts';
import type { PinService } from '../pins/usePinService.ts';

/** Place autocomplete over the maps script, when this build has a Google Maps key. */
const places = MAP_SERVICE_SETTINGS.googleMapsKey
  ? mapsService(() => mapsLoader(MAP_SERVICE_SETTINGS.googleMapsKey).load())
  : undefined;

/** A suggested address the maps service still has to place (by its place id) once picked. */
export interface PlaceHit {
  address: string;
  source: 'google';
  placeId: string;
}

export type AddressHit = GeocodeResult | PlaceHit;

/** Where a picked hit is: a suggestion is geocoded by its place id (undefined when that fails). */
export async function placeOf(hit: AddressHit): Promise<GeocodeResult | undefined> {
  if (!('placeId' in hit)) return hit;
  return places?.geocodePlaceId(hit.placeId);
}

/** Suggestions near the position; a failure (script, status) is logged and the geocoder is asked instead. */
async function suggestions(
  query: string,
  near: { lng: number; lat: number },
): Promise<AddressHit[] | undefined> {
  if (!places) return undefined;
  try {
    const found = await places.autocomplete(query, near);
    return found.map((s) => ({ address: s.description, source: 'google', placeId: s.placeId }));
  } catch (err) {
    console.warn('address suggestions failed; asking the geocoder', err);
    return undefined;
  }
}

/**
 * Address search: the user's own leads first (on the device, works offline), then, online, the
 * maps service's suggestions (US addresses near the map) or else the org's geocoder (none when it
 * is off). A failing remote search leaves the local results and says why; a search that a newer
 * one replaced while it waited its turn gives the local results only.
 */
export async function searchAddresses(
  service: PinService,
  geocoder: RemoteGeocoder | undefined,
  query: string,
  near: { lng: number; lat: number },
): Promise<{ results: AddressHit[]; error?: string }> {
  const own = (await service.searchAddress(query, 5)).map((pin) => ({
    address: pin.address || pin.name,
    lng: pin.lng as number,
    lat: pin.lat as number,
    source: 'contacts' as const,
    leadId: pin._id,
  }));
  if (!navigator.onLine || query.trim().length < 4) return { results: own };
  const suggested = await suggestions(query, near);
  if (suggested) return { results: [...own, ...suggested] };
  if (!geocoder) return { results: own };
  try {
    return { results: [...own, ...(await geocoder.search(query, near))] };
  } catch (err) {
    if (isSuperseded(err)) return { results: own };
    return { results: own, error: err instanceof Error ? err.message : String(err) };
  }
}
