import { BUILD_MAP_STYLE } from '#src/api/maps/buildMapStyle.ts';

/**
 * Map settings of this deployment, fixed when the app is built (`npm start` builds it): a
 * default base map (an org's admin chooses another in settings), and the external sources some layers need. A layer whose source is not
 * configured shows as unavailable with the reason — never as a fake layer.
 */

const env = import.meta.env;
const setting = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

export interface MapSettings {
  /** The build's default base map (a MapLibre style URL or `builtin`); unset → the public street map. */
  styleUrl: string | undefined;
  /** Raster tile URL templates ({z}/{x}/{y}) for the overlay layers. */
  weatherTiles: string | undefined;
  trafficTiles: string | undefined;
  propertyTiles: string | undefined;
  /** A GeoJSON URL of utility provider territories. */
  providersUrl: string | undefined;
  /** A Google Maps key (address search then uses Google whatever the org chose; see src/api/geocoder.ts). */
  googleMapsKey: string | undefined;
}

export const MAP_SETTINGS: MapSettings = {
  styleUrl: BUILD_MAP_STYLE,
  weatherTiles: setting(env.VITE_WEATHER_TILES_URL),
  trafficTiles: setting(env.VITE_TRAFFIC_TILES_URL),
  propertyTiles: setting(env.VITE_PROPERTY_TILES_URL),
  providersUrl: setting(env.VITE_PROVIDERS_URL),
  googleMapsKey: setting(env.VITE_GOOGLE_MAPS_KEY),
};

/** The layer toggles of SPEC section 2, in its order. */
export const MAP_LAYERS = [
  'pins',
  'regions',
  'weather',
  'properties',
  'traffic',
  'providers',
  'counties',
  'zips',
  'cities',
] as const;
export type MapLayer = (typeof MAP_LAYERS)[number];

/** Why a layer cannot be shown here, or undefined when it can. */
export function layerUnavailable(layer: MapLayer, settings: MapSettings = MAP_SETTINGS): string | undefined {
  const missing = (name: string) => `Not configured: set ${name} when building the app.`;
  switch (layer) {
    case 'weather':
      return settings.weatherTiles ? undefined : missing('VITE_WEATHER_TILES_URL');
    case 'traffic':
      return settings.trafficTiles ? undefined : missing('VITE_TRAFFIC_TILES_URL');
    case 'properties':
      return settings.propertyTiles ? undefined : missing('VITE_PROPERTY_TILES_URL');
    case 'providers':
      return settings.providersUrl ? undefined : missing('VITE_PROVIDERS_URL');
    default:
      return undefined;
  }
}

/** The name under which the user's layout keeps Map (false) or Satellite (true). */
export const SATELLITE = 'satellite';

export const DEFAULT_LAYERS: Record<MapLayer, boolean> = {
  pins: true,
  regions: true,
  weather: false,
  properties: false,
  traffic: false,
  providers: false,
  counties: false,
  zips: false,
  cities: true,
};
