import type { GeoJSONSource, Map as MapLibreMap, MapSourceDataEvent } from 'maplibre-gl';
import { type RefObject, useCallback, useRef, useState } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import { isPinsDataLoaded, sameFeatures } from '../utils/pinRefresh.ts';

/**
 * The data of a map's 'pins' source, handed to the map directly. `data` is one object for the
 * map's life: each `show` replaces its features and gives it to the source at once, without
 * drawing the screen again first (react-map-gl's `Source`, handed the same object on every render,
 * never sets it again; a style reloaded builds the source from it, with the pins of now).
 * `shownOnce` turns true with the first pins shown, the one change React hears of.
 * Pins the same as those shown are not handed to the map again. Once `marksUpdates` is on (the
 * lead map's first draw is marked), each later `show` that changes the pins marks 'pins-updated'
 * on the frame that draws it.
 */
export function usePinSource(mapRef: RefObject<MapRef | null>) {
  const data = useRef<GeoJSON.FeatureCollection>({ type: 'FeatureCollection', features: [] }).current;
  const [shownOnce, setShownOnce] = useState(false);
  const shown = useRef(false);
  const marksUpdates = useRef(false);
  const stopWatching = useRef<() => void>(() => undefined);

  const show = useCallback(
    (collection: GeoJSON.FeatureCollection) => {
      // The same pins again (a knock's own write after its preview, a pull that changed nothing
      // in view): the map already draws them.
      if (shown.current && sameFeatures(data.features, collection.features)) return;
      data.features = collection.features;
      shown.current = true;
      const map = mapRef.current?.getMap();
      const source = map?.getSource<GeoJSONSource>('pins');
      if (map && source) {
        stopWatching.current();
        if (marksUpdates.current) stopWatching.current = markWhenOnScreen(map);
        void source.setData(data);
      }
      setShownOnce(true);
    },
    [data, mapRef],
  );

  return { data, shownOnce, shown, show, marksUpdates };
}

/**
 * Marks 'pins-updated' on the frame drawn once the pins source holds its new data (other layers
 * still loading, such as the cities, do not count). Answers how to stop waiting.
 */
function markWhenOnScreen(map: MapLibreMap): () => void {
  const onData = (event: MapSourceDataEvent) => {
    if (!isPinsDataLoaded(event)) return;
    map.off('sourcedata', onData);
    map.once('render', () => performance.mark('pins-updated'));
  };
  map.on('sourcedata', onData);
  return () => map.off('sourcedata', onData);
}
