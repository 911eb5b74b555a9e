/**
 * Image addresses of the Google Maps Platform (SPEC section 7: street-view image by address;
 * section 9: 400x400). The browser loads them as images; a missing key gives no address, and the
 * screen says which setting it needs.
 */

/** SPEC section 9: the street image is 400x400. */
export const MAP_IMAGE_SIZE = 400;
const SIZE = `${MAP_IMAGE_SIZE}x${MAP_IMAGE_SIZE}`;

/** The house from the street, by its address. */
export function streetViewImageUrl(key: string | undefined, address: string): string | undefined {
  if (!key || !address.trim()) return undefined;
  const params = new URLSearchParams({ size: SIZE, location: address.trim(), key });
  return `https://maps.googleapis.com/maps/api/streetview?${params}`;
}

/** The roof from above: satellite imagery centred on the position, close enough to see one house. */
export function satelliteImageUrl(
  key: string | undefined,
  position: { lng: number; lat: number },
  zoom = 20,
): string | undefined {
  if (!key) return undefined;
  const params = new URLSearchParams({
    center: `${position.lat},${position.lng}`,
    zoom: String(zoom),
    size: SIZE,
    maptype: 'satellite',
    markers: `size:tiny|${position.lat},${position.lng}`,
    key,
  });
  return `https://maps.googleapis.com/maps/api/staticmap?${params}`;
}
