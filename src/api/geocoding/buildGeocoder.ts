/**
 * The build's geocoder settings (read when the app is built; README "Map settings"): a Google Maps
 * key wins over the org's choice, and `VITE_GEOCODER_URL` names a Nominatim instance used instead
 * of the public Photon one for an org that chose none.
 */
const env = import.meta.env;
const setting = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

export interface BuildGeocoder {
  googleKey?: string | undefined;
  nominatimUrl?: string | undefined;
}

export const BUILD_GEOCODER: BuildGeocoder = {
  googleKey: setting(env.VITE_GOOGLE_MAPS_KEY),
  nominatimUrl: setting(env.VITE_GEOCODER_URL),
};
