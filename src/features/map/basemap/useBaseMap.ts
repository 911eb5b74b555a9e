import { useMemo } from 'react';
import { useMapTiles } from '#src/device/hooks/useMapTiles.ts';
import { MAP_SETTINGS } from '../utils/mapSettings.ts';
import { type BaseMap, chooseBaseMap } from './chooseBaseMap.ts';
import { useReachableBaseMap } from './useReachableBaseMap.ts';

/** The base map chosen for this device: undefined while the org's setting is being read. */
export function useChosenBaseMap(): BaseMap | undefined {
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

/**
 * The base map to draw: the chosen one once it answers, the built-in geography in its place when
 * it cannot be reached (useReachableBaseMap.ts); undefined while either is not yet known.
 */
export function useBaseMap(): BaseMap | undefined {
  return useReachableBaseMap(useChosenBaseMap());
}
