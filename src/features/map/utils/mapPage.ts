/**
 * The lead map's pure rules (useMapPage): who sees the team's paths, where a search pick or the
 * user's position takes the map and what it opens, and the area "Save this area for offline"
 * starts from.
 */
import type { GeocodeResult } from '#src/api/geocoder.ts';
import { type Actor, scopeCovers, scopeOf } from '#src/domain/permissions.ts';
import type { AreaView } from '#src/features/offlineAreas/index.ts';

/** A point on the map, with the address when it is known (a search result). */
export type MapPoint = { lng: number; lat: number; address?: string };

/**
 * Whoever may see the paths of people besides themselves (paths.read reaching their managed
 * members or the org: managers and admins) sees where their people walked (SPEC: paths for a
 * chosen day).
 */
export function seesTeamPaths(actor: Actor): boolean {
  return scopeCovers(scopeOf(actor, 'paths.read'), 'managed');
}

/** The zoom a picked address is shown at. */
export const PICK_ZOOM = 18;
/** The least zoom the map goes to when a pin is added at the user's position. */
export const MY_LOCATION_ZOOM = 17;

/** A search pick: the map eases to it, then opens the user's lead there or drops a pin with its address. */
export function searchPickOutcome(result: GeocodeResult): {
  camera: { center: [number, number]; zoom: number };
  openLead?: string;
  dropAt?: MapPoint;
} {
  const camera = { center: [result.lng, result.lat] as [number, number], zoom: PICK_ZOOM };
  return result.leadId
    ? { camera, openLead: result.leadId }
    : { camera, dropAt: { lng: result.lng, lat: result.lat, address: result.address } };
}

/** The user's position: where the pin maker opens, and the map eased there, zoomed in to at least 17. */
export function myLocationOutcome(
  coords: { longitude: number; latitude: number },
  zoom: number,
): { at: MapPoint; camera: { center: [number, number]; zoom: number } } {
  const at = { lng: coords.longitude, lat: coords.latitude };
  return { at, camera: { center: [at.lng, at.lat], zoom: Math.max(zoom, MY_LOCATION_ZOOM) } };
}

/** The visible area as the offline-areas dialog takes it: west, south, east, north and the zoom. */
export function areaViewOf(
  bounds: { getWest(): number; getSouth(): number; getEast(): number; getNorth(): number },
  zoom: number,
): AreaView {
  return { bbox: [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()], zoom };
}

/** A bounding box as the map's corners (south-west, north-east). */
export function cornersOf([west, south, east, north]: readonly [number, number, number, number]): [
  [number, number],
  [number, number],
] {
  return [
    [west, south],
    [east, north],
  ];
}
