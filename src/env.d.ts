/// <reference types="vite/client" />
declare const __APP_CHANNEL__: string;
/** This build's id, also in /build-manifest.json (scripts/buildManifest.ts). */
declare const __BUILD_ID__: string;

interface ImportMetaEnv {
  readonly VITE_DEV_KEY?: string;
  readonly VITE_API_BASE?: string;
  readonly VITE_MAP_STYLE_URL?: string;
  readonly VITE_WEATHER_TILES_URL?: string;
  readonly VITE_TRAFFIC_TILES_URL?: string;
  readonly VITE_PROPERTY_TILES_URL?: string;
  readonly VITE_PROVIDERS_URL?: string;
  readonly VITE_GEOCODER_URL?: string;
  readonly VITE_GOOGLE_MAPS_KEY?: string;
  readonly VITE_GOOGLE_SOLAR_KEY?: string;
  readonly VITE_ICONS_URL?: string;
  readonly VITE_SHOW_MOBILE_NAVIGATION?: string;
}
