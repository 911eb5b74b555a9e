import { useMemo } from 'react';
import { useMapTiles } from '#src/device/hooks/useMapTiles.ts';
import type { MapTilesSetting } from '#src/domain/schemas/mapTiles.ts';
import { mapTilesUrl } from '#src/domain/schemas/mapTiles.ts';
import { MAP_SETTINGS } from '../utils/mapSettings.ts';

/** Which base map this device draws, in order of preference. */
export type BaseMap =
  /** The org's PMTiles archive (uploaded to the app, or served elsewhere). */
  | { kind: 'pmtiles'; url: string; setting: MapTilesSetting }
  /** The deployment's tile style (VITE_MAP_STYLE_URL). */
  | { kind: 'style'; styleUrl: string }
  /** The built-in coarse geography. */
  | { kind: 'builtin' };

export function chooseBaseMap(
  setting: MapTilesSetting | null | undefined,
  styleUrl: string | undefined,
  origin: string,
): BaseMap {
  if (setting) return { kind: 'pmtiles', url: mapTilesUrl(setting, origin), setting };
  if (styleUrl) return { kind: 'style', styleUrl };
  return { kind: 'builtin' };
}

/** The style a device can save for offline use (offline areas): the org's archive or the tile style. */
export function savableStyleUrl(baseMap: BaseMap | undefined): string | undefined {
  if (baseMap?.kind === 'pmtiles') return `pmtiles://${baseMap.url}`;
  if (baseMap?.kind === 'style') return baseMap.styleUrl;
  return undefined;
}

/** The base map: undefined while the org's setting is being read, so the map is not drawn twice. */
export function useBaseMap(): BaseMap | undefined {
  const setting = useMapTiles();
  // A pull that rewrites the same setting must not restyle the map.
  const key = JSON.stringify(setting ?? null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the setting's content.
  return useMemo(
    () =>
      setting === undefined
        ? undefined
        : chooseBaseMap(setting, MAP_SETTINGS.styleUrl, globalThis.location.origin),
    [key, setting === undefined],
  );
}
