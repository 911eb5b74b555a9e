import * as Comlink from 'comlink';
import { useEffect, useState } from 'react';
import type { MapFeature } from './PinClusters.ts';
import type { PinIndexService } from './pinIndexWorker.ts';

export type PinService = Comlink.Remote<PinIndexService>;

interface RunningService {
  databaseName: string;
  service: PinService;
  worker: Worker;
  /** Resolves with the number of pins once every pin is loaded and clustered. */
  ready: Promise<number>;
}

let booted: RunningService | undefined;

function startPinService(databaseName: string): RunningService {
  const worker = new Worker(new URL('./pinIndexWorker.ts', import.meta.url), { type: 'module' });
  const service = Comlink.wrap<PinIndexService>(worker);
  return { databaseName, service, worker, ready: service.open(databaseName) };
}

/**
 * Starts loading the pins before the map's own code has arrived, so both happen at once. Called by
 * the shell when the map route opens; the map takes the running worker over.
 */
export function bootPinService(databaseName: string): void {
  if (booted?.databaseName === databaseName) return;
  booted?.worker.terminate();
  booted = startPinService(databaseName);
}

/**
 * The pin worker for a user's database, answered once every pin is loaded (and how many there
 * are); the worker stops when the map closes.
 */
export function usePinService(databaseName: string): { service: PinService | undefined; total: number } {
  const [state, setState] = useState<{ service: PinService | undefined; total: number }>({
    service: undefined,
    total: 0,
  });
  useEffect(() => {
    const running = booted?.databaseName === databaseName ? booted : startPinService(databaseName);
    if (running === booted) booted = undefined;
    let live = true;
    void running.ready.then((total) => {
      performance.mark('pins-loaded');
      if (live) setState({ service: running.service, total });
    });
    return () => {
      live = false;
      running.service[Comlink.releaseProxy]();
      running.worker.terminate();
    };
  }, [databaseName]);
  return state;
}

/** What the pin worker has for the map's current view: clusters and pins, as the pins source takes them. */
export async function pinsInView(
  map: {
    getBounds(): { getWest(): number; getSouth(): number; getEast(): number; getNorth(): number };
    getZoom(): number;
  },
  service: PinService,
): Promise<GeoJSON.FeatureCollection> {
  const b = map.getBounds();
  const features: MapFeature[] = await service.features(
    [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()],
    map.getZoom(),
  );
  return { type: 'FeatureCollection', features };
}
