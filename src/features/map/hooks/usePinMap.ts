import 'maplibre-gl/dist/maplibre-gl.css';
import { useComputedColorScheme } from '@mantine/core';
import { setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { MapLayerMouseEvent, MapRef } from 'react-map-gl/maplibre';
import { useDatabaseName } from '#src/device/hooks/useLeads.ts';
import { baseMapStyle, baseMapStyleKey } from '../basemap/baseMapStyle.ts';
import { markStreetsDrawn } from '../basemap/streetsDrawnMark.ts';
import { useBaseMap } from '../basemap/useBaseMap.ts';
import { giveUpStyle } from '../basemap/useReachableBaseMap.ts';
import { watchStreetTiles } from '../basemap/watchStreetTiles.ts';
import { type PinsInView, pinsInView, usePinService } from '../pins/usePinService.ts';
import { installLabelImages } from '../utils/labelImages.ts';
import { usePinSource } from './usePinSource.ts';

setWorkerUrl(workerUrl);

/** Where a map opens when it has nothing better to frame. */
export const PHOENIX = { longitude: -112.07, latitude: 33.45, zoom: 9 };

export interface PinClickHandlers {
  /** A single pin was clicked: its lead's id. */
  onPin(id: string): void;
  /** The click hit no pin and no cluster. */
  onMap?(event: MapLayerMouseEvent): void;
}

/**
 * What every map of contacts' pins shares (the lead map at `/` and the table's map view): the pin
 * worker, the map's style, the pins for the current view (redrawn on every move), and clicks that
 * zoom into a cluster or open a pin.
 */
export function usePinMap({
  onDrawn,
  holdPins,
}: {
  onDrawn?(view: PinsInView): void;
  /** While on, the worker waits to read the pins (usePinService). */
  holdPins?: boolean;
} = {}) {
  const dark = useComputedColorScheme('light') === 'dark';
  const { service, total } = usePinService(useDatabaseName(), holdPins);
  const mapRef = useRef<MapRef>(null);
  const [loaded, setLoaded] = useState(false);
  const pinSource = usePinSource(mapRef);
  const { show } = pinSource;
  const baseMap = useBaseMap();
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by what the style depends on.
  const style = useMemo(() => baseMapStyle(baseMap, dark), [baseMapStyleKey(baseMap, dark)]);
  /** The street style drawn now, for the tile watch set up once with the map. */
  const streetStyle = useRef<string | undefined>(undefined);
  streetStyle.current = baseMap?.kind === 'style' ? baseMap.styleUrl : undefined;

  const drawnRef = useRef(onDrawn);
  drawnRef.current = onDrawn;

  /**
   * Asks the worker for what is in view and hands it to the map (and to `onDrawn`). Calls made while one is under way
   * share the single redraw that follows it: on opening, stages, filters and the catch-up with
   * the database each ask, and every redraw makes the map re-read its pins. Answers what was drawn
   * (undefined when the map or the worker is not there yet).
   */
  const running = useRef<Promise<unknown>>(Promise.resolve());
  const fromWorker = useRef(false);
  const queued = useRef<Promise<PinsInView | undefined> | undefined>(undefined);
  const redraw = useCallback((): Promise<PinsInView | undefined> => {
    if (queued.current) return queued.current;
    const next = running.current.then(async () => {
      queued.current = undefined;
      const map = mapRef.current;
      if (!map || !service) return undefined;
      const view = await pinsInView(map, service);
      fromWorker.current = true;
      show(view.collection);
      drawnRef.current?.(view);
      return view;
    });
    queued.current = next;
    running.current = next.catch(() => undefined);
    return next;
  }, [service, show]);

  /** Pins kept from an earlier visit, shown until the worker has answered for itself. */
  const showKept = useCallback(
    (kept: GeoJSON.FeatureCollection) => {
      if (!fromWorker.current) show(kept);
    },
    [show],
  );

  // As soon as the map exists, before its style asks for the first label or cluster icon.
  const [created, setCreated] = useState(false);
  const attachMap = useCallback((ref: MapRef | null) => {
    mapRef.current = ref;
    if (ref) {
      installLabelImages(ref.getMap());
      markStreetsDrawn(ref.getMap());
      watchStreetTiles(ref.getMap(), () => streetStyle.current, giveUpStyle);
    }
    setCreated(!!ref);
  }, []);

  const onLoad = useCallback(() => setLoaded(true), []);

  const clickPins = useCallback(
    async (event: MapLayerMouseEvent, handlers: PinClickHandlers) => {
      const feature = event.features?.[0];
      const props = feature?.properties as
        | { cluster?: boolean; cluster_id?: number; id?: string }
        | undefined;
      if (props?.cluster && feature?.geometry.type === 'Point') {
        const [lng, lat] = feature.geometry.coordinates as [number, number];
        // A kept cluster tapped before the worker is ready: closer in, if not exactly to its split.
        const zoom =
          service && props.cluster_id !== undefined
            ? await service.expansionZoom(props.cluster_id)
            : (mapRef.current?.getZoom() ?? 0) + 2;
        mapRef.current?.easeTo({ center: [lng, lat], zoom });
        return;
      }
      if (props?.id) handlers.onPin(props.id);
      else handlers.onMap?.(event);
    },
    [service],
  );

  return {
    dark,
    service,
    total,
    mapRef,
    attachMap,
    /** The map exists (its view is known), though its style may still be loading. */
    created,
    loaded,
    onLoad,
    /** The pins source: its `data` is what `PinLayers` draws, one object kept current by `redraw`. */
    pinSource,
    redraw,
    showKept,
    style,
    clickPins,
  };
}

export type PinMap = ReturnType<typeof usePinMap>;
