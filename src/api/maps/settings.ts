/**
 * The external map services this build is configured for (read when the app is built, like the
 * other map settings; README "Map settings"). Each service that lacks its setting says which one.
 */
const env = import.meta.env;
const setting = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

export interface MapServiceSettings {
  /** Google Maps Platform key: the maps script (autocomplete, place ids), static and street-view images. */
  googleMapsKey: string | undefined;
  /** Google Solar API key; the maps key is used when only that one is set. */
  solarKey: string | undefined;
  /** An Iconify-compatible icon API (`GET {base}/{prefix}.json?icons=a,b`). */
  iconsUrl: string | undefined;
}

export const MAP_SERVICE_SETTINGS: MapServiceSettings = {
  googleMapsKey: setting(env.VITE_GOOGLE_MAPS_KEY),
  solarKey: setting(env.VITE_GOOGLE_SOLAR_KEY) ?? setting(env.VITE_GOOGLE_MAPS_KEY),
  iconsUrl: setting(env.VITE_ICONS_URL),
};
