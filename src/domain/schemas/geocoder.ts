/**
 * The org's address search (geocoder), kept in the `geocoder` interface, which every device of the
 * org pulls: the public Photon instance (the default when the org has none), an org's own Photon or
 * Nominatim instance, or none at all. Devices call the geocoder directly for the map's search and
 * dropped pins; the server calls it only to place leads that arrive with an address and no
 * position (server/services/leadPlacement.ts). A Google Maps key in the build still wins over the
 * setting on devices; the server never uses Google.
 */
import { z } from 'zod';
import { boundedText } from './common.ts';

export const GEOCODER_KEY = 'geocoder';

/** Photon's public instance (komoot, OpenStreetMap data): no key, fair use, attribution required. */
export const PUBLIC_PHOTON_URL = 'https://photon.komoot.io';

/**
 * An instance's address: https, or plain http on this machine only (an instance a developer runs
 * beside the app; browsers treat loopback as secure, and the server's address policy refuses
 * loopback unless OUTBOUND_ALLOW_PRIVATE).
 */
const instanceUrl = (what: string) =>
  boundedText(2000).regex(
    /^(?:https:\/\/[^\s]+|http:\/\/(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?(?:\/[^\s]*)?)$/,
    {
      message: `must be an https:// address of ${what}`,
    },
  );

/** The choice an admin makes (`PUT /api/v2/map/geocoder`), stored as it is. */
export const geocoderSettingSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('public') }).strict(),
  z.object({ kind: z.literal('photon'), url: instanceUrl('a Photon geocoder') }).strict(),
  z.object({ kind: z.literal('nominatim'), url: instanceUrl('a Nominatim geocoder') }).strict(),
  z.object({ kind: z.literal('off') }).strict(),
]);
export type GeocoderSetting = z.infer<typeof geocoderSettingSchema>;
export type GeocoderKind = GeocoderSetting['kind'];

/** The value of the build's `VITE_GEOCODER_URL` that turns address search off by default. */
export const GEOCODER_OFF = 'off';

/**
 * The geocoder of an org that chose none: the build's `VITE_GEOCODER_URL` (a Nominatim instance,
 * or `off`) when set, else the public Photon instance.
 */
export function defaultGeocoder(buildNominatimUrl: string | undefined): GeocoderSetting {
  if (buildNominatimUrl === GEOCODER_OFF) return { kind: 'off' };
  return buildNominatimUrl ? { kind: 'nominatim', url: buildNominatimUrl } : { kind: 'public' };
}
