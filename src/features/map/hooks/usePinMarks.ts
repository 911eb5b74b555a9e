import type { GeoJSONSource } from 'maplibre-gl';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PinMap } from './usePinMap.ts';

/**
 * The lead map's first open framing every pin (unless a view was saved), and the marks of its
 * drawing: 'pins-drawn' once, then 'pins-updated' for each later redraw. Answers whether the pins
 * have been drawn once.
 */
export function usePinMarks(
  { service, created, loaded, pinSource, mapRef }: PinMap,
  hasSavedView: boolean,
): boolean {
  const [drawnOnce, setDrawnOnce] = useState(false);
  const restedAt = useRestedWithPins({ created, pinSource, mapRef });
  const { shownOnce, marksUpdates } = pinSource;

  // First open on this device: frame every pin.
  useEffect(() => {
    if (!service || !loaded || hasSavedView) return;
    void service.bounds().then((bounds) => {
      if (bounds) mapRef.current?.fitBounds(bounds, { padding: 40, duration: 0 });
    });
  }, [service, loaded, hasSavedView, mapRef]);

  // Performance mark contract (ARCHITECTURE.md): 'pins-drawn' once the map has drawn its pins after opening '/'; later
  // redraws (a knock, a pull, a filter) mark 'pins-updated' when they are on screen (usePinSource).
  // The shipped geography waits for that first mark, so it never delays the pins.
  useEffect(() => {
    const map = mapRef.current?.getMap();
    // The first pins drawn may be a kept view, read before the map exists: wait for it to load.
    if (!map || !loaded || !shownOnce || marksUpdates.current) return;
    marksUpdates.current = true;
    const drawn = (at?: number) => {
      performance.mark('pins-drawn', at === undefined ? undefined : { startTime: at });
      setDrawnOnce(true);
    };
    // Already on screen: marked when they were, without drawing the map again.
    const rested = restedAt();
    if (rested !== undefined) return drawn(rested);
    map.once('idle', () => drawn());
    // A map already at rest with these pins fires no more 'idle' until something draws again.
    map.triggerRepaint();
  }, [shownOnce, mapRef, loaded, restedAt, marksUpdates]);

  return drawnOnce;
}

/**
 * When the map first came to rest (its 'idle') with pins shown in its pins source. Pins kept
 * from the last visit are often on screen before the map has finished loading, and React learns
 * of it later.
 */
function useRestedWithPins({ created, pinSource, mapRef }: Pick<PinMap, 'created' | 'pinSource' | 'mapRef'>) {
  const { shown, data } = pinSource;
  const restedWithPins = useRef<number | undefined>(undefined);
  useEffect(() => {
    const map = mapRef.current?.getMap();
    if (!map || !created) return;
    const onIdle = () => {
      const source = map.getSource<GeoJSONSource>('pins');
      if (shown.current && source?.serialize().data === data) restedWithPins.current ??= performance.now();
    };
    map.on('idle', onIdle);
    return () => {
      map.off('idle', onIdle);
    };
  }, [created, mapRef, shown, data]);
  return useCallback(() => restedWithPins.current, []);
}
