/**
 * Which base map a device draws, from the org's setting and the deployment's default (pure; the
 * hooks are in useBaseMap.ts).
 */
import type { MapTilesSetting } from '#src/domain/schemas/mapTiles.ts';
import { defaultBaseMap, mapTilesUrl } from '#src/domain/schemas/mapTiles.ts';

/** Which base map this device draws. */
export type BaseMap =
  /** The org's PMTiles archive (uploaded to the app, or served elsewhere). */
  | { kind: 'pmtiles'; url: string; setting: Extract<MapTilesSetting, { kind: 'upload' | 'url' }> }
  /** A MapLibre style served elsewhere: the org's choice, or the public street map by default. */
  | { kind: 'style'; styleUrl: string }
  /** The built-in coarse geography. */
  | { kind: 'builtin' };

/**
 * The org's choice, else the deployment's default: the build's `VITE_MAP_STYLE_URL` (`builtin`
 * for the built-in geography), else the public street map.
 */
export function chooseBaseMap(
  setting: MapTilesSetting | null | undefined,
  defaultStyle: string | undefined,
  origin: string,
): BaseMap {
  switch (setting?.kind) {
    case 'upload':
    case 'url':
      return { kind: 'pmtiles', url: mapTilesUrl(setting, origin), setting };
    case 'style':
      return { kind: 'style', styleUrl: setting.url };
    case 'builtin':
      return { kind: 'builtin' };
  }
  const byDefault = defaultBaseMap(defaultStyle);
  return byDefault.kind === 'style' ? { kind: 'style', styleUrl: byDefault.url } : byDefault;
}

/** The style a device can save for offline use (offline areas): the org's archive or the tile style. */
export function savableStyleUrl(baseMap: BaseMap | undefined): string | undefined {
  if (baseMap?.kind === 'pmtiles') return `pmtiles://${baseMap.url}`;
  if (baseMap?.kind === 'style') return baseMap.styleUrl;
  return undefined;
}
