/**
 * An area saved with its aerial imagery: the org's imagery tiles join the base map's sources, so
 * the estimate, the cap on tiles, the download and the removal treat them as one more source, and
 * the service worker serves them offline by their address as it does the base map's. Pure.
 */
import type { ImagerySource } from '#src/domain/schemas/mapImagery.ts';
import type { StyleResources } from './mapStyleResources.ts';

/** The id the imagery source has among an area's sources. */
export const IMAGERY_SOURCE_ID = 'imagery';

/**
 * The resources of a saved area: the base map's, plus the imagery's tiles when asked for and the
 * org has imagery. Imagery tiles stop at the service's deepest level (the map stretches those
 * beyond it), so they never raise the zooms offered for the base map.
 */
export function areaResources(
  style: StyleResources,
  imagery: ImagerySource | undefined,
  withImagery: boolean,
): StyleResources {
  if (!withImagery || !imagery) return style;
  return {
    ...style,
    sources: [
      ...style.sources.filter((s) => s.id !== IMAGERY_SOURCE_ID),
      {
        id: IMAGERY_SOURCE_ID,
        templates: [imagery.tiles],
        scheme: 'xyz',
        tileSize: imagery.tileSize,
        minzoom: 0,
        maxzoom: imagery.maxZoom,
      },
    ],
  };
}
