/**
 * Driving directions to an appointment in the phone's own maps app, by a link alone (no routing
 * service): Apple Maps on Apple devices, the map app the phone chooses on Android (a `geo:` link),
 * Google Maps on the web elsewhere. To the lead's position when it has one, else to its address.
 */
import type { LatLng } from '#src/domain/knocks.ts';

export type MapsPlatform = 'apple' | 'android' | 'web';

/**
 * Which maps app a device opens, from its user agent: iPhones, iPads (which may say 'Macintosh')
 * and Macs have Apple Maps; Android phones answer `geo:` links; anything else gets Google Maps on the web.
 */
export function mapsPlatformOf(userAgent: string): MapsPlatform {
  if (/Android/i.test(userAgent)) return 'android';
  if (/iPhone|iPad|iPod|Macintosh/i.test(userAgent)) return 'apple';
  return 'web';
}

export interface DirectionsTarget {
  position?: LatLng | undefined;
  address?: string | undefined;
  /** What the pin is called in the maps app (Android), e.g. the lead's name. */
  label?: string | undefined;
}

export interface DirectionsLink {
  href: string;
  /** A web page (opened beside the app) rather than an app of the phone. */
  web: boolean;
}

const isPoint = (p: LatLng | undefined): p is LatLng =>
  !!p && Number.isFinite(p.lat) && Number.isFinite(p.lng) && Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180;

/** Six decimals: about 10 cm, and no float noise in the link. */
const coordinates = (p: LatLng) => `${Number(p.lat.toFixed(6))},${Number(p.lng.toFixed(6))}`;

/**
 * The link that opens driving directions to `target` on `platform`; undefined when there is
 * neither a position nor an address to go to.
 */
export function directionsLink(target: DirectionsTarget, platform: MapsPlatform): DirectionsLink | undefined {
  const position = isPoint(target.position) ? coordinates(target.position) : undefined;
  const address = target.address?.trim() || undefined;
  if (!position && !address) return undefined;
  const destination = position ?? encodeURIComponent(address ?? '');
  if (platform === 'apple') return { href: `maps://?daddr=${destination}&dirflg=d`, web: false };
  if (platform === 'android') {
    if (!position) return { href: `geo:0,0?q=${destination}`, web: false };
    // Parentheses close the label in a geo link, so none inside it.
    const label = target.label?.replace(/[()]/g, ' ').replace(/\s+/g, ' ').trim();
    const named = label ? `${position}(${encodeURIComponent(label)})` : position;
    return { href: `geo:${position}?q=${named}`, web: false };
  }
  return {
    href: `https://www.google.com/maps/dir/?api=1&destination=${destination}&travelmode=driving`,
    web: true,
  };
}
