import type { Map as MapLibreMap } from 'maplibre-gl';
import { IMAGERY_SOURCE_ID } from './imageryLayer.ts';
import { isStreetTileSource, NO_TILES, noteTile, streetTilesUnreachable } from './tileHealth.ts';

/**
 * Follows the tiles of the street map the map draws (`currentStyle()`: its style address, undefined
 * for the built-in or the org's archive) and calls `onUnreachable` once for a style whose tiles
 * all fail (tileHealth.ts). Gives the function that stops following.
 */
export function watchStreetTiles(
  map: MapLibreMap,
  currentStyle: () => string | undefined,
  onUnreachable: (style: string) => void,
): () => void {
  let health = NO_TILES;
  const given = new Set<string>();
  const note = (sourceId: string | undefined, outcome: 'loaded' | 'failed') => {
    const style = currentStyle();
    if (!style || !sourceId || given.has(style)) return;
    if (!isStreetTileSource(map.getSource(sourceId)?.type, sourceId, IMAGERY_SOURCE_ID)) return;
    health = noteTile(health, style, outcome);
    if (!streetTilesUnreachable(health)) return;
    given.add(style);
    onUnreachable(style);
  };
  // A tile's events carry the tile and its source's id (MapLibre's source cache adds them).
  type TileEvent = { dataType?: string; sourceId?: string; tile?: unknown };
  const loaded = (event: unknown) => {
    const { dataType, sourceId, tile } = event as TileEvent;
    if (dataType === 'source' && tile) note(sourceId, 'loaded');
  };
  const failed = (event: unknown) => {
    const { sourceId, tile } = event as TileEvent;
    if (tile) note(sourceId, 'failed');
  };
  map.on('sourcedata', loaded);
  map.on('error', failed);
  return () => {
    map.off('sourcedata', loaded);
    map.off('error', failed);
  };
}
