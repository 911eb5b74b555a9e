import * as Comlink from 'comlink';
import { useEffect, useRef, useState } from 'react';
import type { MapFeature } from './PinClusters.ts';
import type { PinIndexService } from './pinIndexWorker.ts';

export type PinService = Comlink.Remote<PinIndexService>;

interface RunningService {
  databaseName: string;
  service: PinService;
  worker: Worker;
}

let booted: RunningService | undefined;

function startPinService(databaseName: string): RunningService {
  const worker = new Worker(new URL('./pinIndexWorker.ts', import.meta.url), { type: 'module' });
  return { databaseName, service: Comlink.wrap<PinIndexService>(worker), worker };
}

/**
 * Starts the pin worker (its code loading and starting) before the map's own code has arrived.
 * Called at boot when the app opens on the map; the map takes the running worker over.
 */
export function bootPinService(databaseName: string): void {
  if (booted?.databaseName === databaseName) return;
  booted?.worker.terminate();
  booted = startPinService(databaseName);
}

/**
 * The pin worker for a user's database, answered once every pin is loaded (and how many there
 * are); the worker stops when the map closes. It starts reading the pins once `hold` is off: the
 * lead map holds it until its own first reads (the stages, the kept view) are answered, since
 * reading 100,000 pins keeps the device database busy for a moment and those small reads would
 * otherwise wait behind it.
 */
export function usePinService(
  databaseName: string,
  hold = false,
): { service: PinService | undefined; total: number } {
  const [state, setState] = useState<{ service: PinService | undefined; total: number }>({
    service: undefined,
    total: 0,
  });
  const [running, setRunning] = useState<RunningService | undefined>(undefined);
  const opened = useRef<RunningService | undefined>(undefined);
  useEffect(() => {
    const started = booted?.databaseName === databaseName ? booted : startPinService(databaseName);
    if (started === booted) booted = undefined;
    setRunning(started);
    return () => {
      opened.current = undefined;
      setRunning(undefined);
      setState({ service: undefined, total: 0 });
      started.service[Comlink.releaseProxy]();
      started.worker.terminate();
    };
  }, [databaseName]);
  useEffect(() => {
    if (!running || hold || opened.current === running) return;
    opened.current = running;
    void running.service.open(running.databaseName).then((total) => {
      performance.mark('pins-loaded');
      if (opened.current === running) setState({ service: running.service, total });
    });
  }, [running, hold]);
  return state;
}

/** What the pin worker answered for one view of the map. */
export interface PinsInView {
  collection: GeoJSON.FeatureCollection;
  /** The pin index version it reflects, and the pins shown (filtered) out of all. */
  version: number;
  /** The stages and filters it was drawn with (`pinViewKey`). */
  key: string;
  shown: number;
  total: number;
  bbox: [number, number, number, number];
  /** The zoom the clusters are for (the worker rounds it). */
  zoom: number;
  /** It shows a pin ahead of its write (a knock being saved). */
  previewing: boolean;
}

/** The map's current view as the worker answers for it: [west, south, east, north], whole zoom. */
export function viewOf(map: {
  getBounds(): { getWest(): number; getSouth(): number; getEast(): number; getNorth(): number };
  getZoom(): number;
}): { bbox: [number, number, number, number]; zoom: number } {
  const b = map.getBounds();
  return { bbox: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], zoom: Math.round(map.getZoom()) };
}

/** What the pin worker has for the map's current view: clusters and pins, as the pins source takes them. */
export async function pinsInView(
  map: Parameters<typeof viewOf>[0],
  service: PinService,
): Promise<PinsInView> {
  const { bbox, zoom } = viewOf(map);
  const answer = await service.view(bbox, zoom);
  const features: MapFeature[] = answer.features;
  return {
    collection: { type: 'FeatureCollection', features },
    version: answer.version,
    key: answer.key,
    shown: answer.shown,
    total: answer.total,
    bbox,
    zoom,
    previewing: answer.previewing,
  };
}
