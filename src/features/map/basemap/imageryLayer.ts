/**
 * The aerial imagery ('Satellite') as MapLibre draws it, from the org's setting (pure; drawn by
 * components/ImageryLayer.tsx). It lies on the base map and under everything of the app's own
 * (regions, paths, pins): its layer goes below `IMAGERY_CEILING`, an empty layer added before them.
 */
import type { RasterLayerSpecification, RasterSourceSpecification } from 'maplibre-gl';
import { imagerySource, type MapImagerySetting } from '#src/domain/schemas/mapImagery.ts';

export const IMAGERY_SOURCE_ID = 'imagery';
export const IMAGERY_LAYER_ID = 'imagery-raster';
/** An invisible layer above the base map's and below the app's own: imagery is drawn under it. */
export const IMAGERY_CEILING = 'imagery-ceiling';

export interface ImageryLayerSpec {
  source: RasterSourceSpecification;
  layer: Omit<RasterLayerSpecification, 'source'> & { source: string };
}

/** Why 'Satellite' cannot be chosen here, as a message key of the map's words. */
export type ImageryUnavailable = 'map.imagery.off';

/** The raster source and layer of the org's imagery; undefined when the org turned it off. */
export function imageryLayer(setting: MapImagerySetting | null): ImageryLayerSpec | undefined {
  const source = imagerySource(setting);
  if (!source) return undefined;
  return {
    source: {
      type: 'raster',
      tiles: [source.tiles],
      tileSize: source.tileSize,
      // Beyond its deepest level the map enlarges that level's tiles instead of asking for more.
      maxzoom: source.maxZoom,
      attribution: source.attribution,
    },
    layer: {
      id: IMAGERY_LAYER_ID,
      type: 'raster',
      source: IMAGERY_SOURCE_ID,
      paint: { 'raster-fade-duration': 0 },
    },
  };
}

/** Whether 'Satellite' can be chosen: undefined when it can (or while the setting is read). */
export function imageryUnavailable(
  setting: MapImagerySetting | null | undefined,
): ImageryUnavailable | undefined {
  return setting?.kind === 'off' ? 'map.imagery.off' : undefined;
}
