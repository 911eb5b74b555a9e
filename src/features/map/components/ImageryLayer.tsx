import { Layer, Source } from 'react-map-gl/maplibre';
import { IMAGERY_CEILING, IMAGERY_SOURCE_ID, type ImageryLayerSpec } from '../basemap/imageryLayer.ts';

/**
 * The aerial imagery while 'Satellite' is chosen, on the base map and under the regions, paths and
 * pins. Goes before the map's other layers: the invisible ceiling is added first of the app's
 * own, and the imagery always below it, whenever it is switched on.
 */
export function ImageryLayer({ spec, on }: { spec: ImageryLayerSpec | undefined; on: boolean }) {
  return (
    <>
      <Layer id={IMAGERY_CEILING} type="background" layout={{ visibility: 'none' }} />
      {spec && on && (
        // A new setting is a new source (MapLibre cannot change a raster source's address and credit).
        <Source key={JSON.stringify(spec.source)} id={IMAGERY_SOURCE_ID} {...spec.source}>
          <Layer {...spec.layer} beforeId={IMAGERY_CEILING} />
        </Source>
      )}
    </>
  );
}
