import type { MapSourceDataEvent } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { isPinsDataLoaded } from '../utils/pinRefresh.ts';
import { NO_PINS, type PinMap } from './usePinMap.ts';

/**
 * The lead map's first open framing every pin (unless a view was saved), and the marks of its
 * drawing: 'pins-drawn' once, then 'pins-updated' for each later redraw. Answers whether the pins
 * have been drawn once.
 */
export function usePinMarks({ service, loaded, pins, mapRef }: PinMap, hasSavedView: boolean): boolean {
  const [drawnOnce, setDrawnOnce] = useState(false);

  // First open on this device: frame every pin.
  useEffect(() => {
    if (!service || !loaded || hasSavedView) return;
    void service.bounds().then((bounds) => {
      if (bounds) mapRef.current?.fitBounds(bounds, { padding: 40, duration: 0 });
    });
  }, [service, loaded, hasSavedView, mapRef]);

  // Performance mark contract (ARCHITECTURE.md): 'pins-drawn' once the map has drawn its pins after opening '/'; later
  // redraws (a knock, a pull, a filter) mark 'pins-updated' when they are on screen.
  // The shipped geography waits for that first mark, so it never delays the pins.
  const firstDrawPending = useRef(true);
  useEffect(() => {
    const map = mapRef.current?.getMap();
    // The first pins drawn may be a kept view, read before the map exists: wait for it to load.
    if (!map || !loaded || pins === NO_PINS) return;
    if (firstDrawPending.current) {
      firstDrawPending.current = false;
      map.once('idle', () => {
        performance.mark('pins-drawn');
        setDrawnOnce(true);
      });
      // A map already at rest with these pins fires no more 'idle' until something draws again.
      map.triggerRepaint();
      return;
    }
    // Later updates: the frame drawn once the pins source holds the new data (other layers still
    // loading, such as the cities, do not count).
    const onData = (event: MapSourceDataEvent) => {
      if (!isPinsDataLoaded(event)) return;
      map.off('sourcedata', onData);
      map.once('render', () => performance.mark('pins-updated'));
    };
    map.on('sourcedata', onData);
    return () => {
      map.off('sourcedata', onData);
    };
  }, [pins, mapRef, loaded]);

  return drawnOnce;
}
