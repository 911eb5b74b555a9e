import { configuredGeocoder, type GeocodeResult } from '../../../api/geocoder.ts';
import { MAP_SETTINGS } from '../mapSettings.ts';
import type { PinService } from '../pins/usePinService.ts';

/** This build's remote geocoder (none configured: only the user's own contacts are searched). */
export const remoteGeocoder = configuredGeocoder({
  googleKey: MAP_SETTINGS.googleMapsKey,
  openUrl: MAP_SETTINGS.geocoderUrl,
});

/**
 * Address search: the user's own leads first (on the device, works offline), then the configured
 * geocoder when online. A failing remote search leaves the local results and says why.
 */
export async function searchAddresses(
  service: PinService,
  query: string,
  near: { lng: number; lat: number },
): Promise<{ results: GeocodeResult[]; error?: string }> {
  const own = (await service.searchAddress(query, 5)).map((pin) => ({
    address: pin.address || pin.name,
    lng: pin.lng as number,
    lat: pin.lat as number,
    source: 'contacts' as const,
    leadId: pin._id,
  }));
  if (!remoteGeocoder || !navigator.onLine || query.trim().length < 4) return { results: own };
  try {
    return { results: [...own, ...(await remoteGeocoder.search(query, near))] };
  } catch (err) {
    return { results: own, error: err instanceof Error ? err.message : String(err) };
  }
}
