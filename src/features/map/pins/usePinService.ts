import * as Comlink from 'comlink';
import { useEffect, useState } from 'react';
import type { PinIndexService } from './pinIndexWorker.ts';

export type PinService = Comlink.Remote<PinIndexService>;

/**
 * Starts the pin worker for a user's database and answers it once every pin is loaded (and how
 * many there are); the worker stops when the map closes.
 */
export function usePinService(databaseName: string): { service: PinService | undefined; total: number } {
  const [state, setState] = useState<{ service: PinService | undefined; total: number }>({
    service: undefined,
    total: 0,
  });
  useEffect(() => {
    const worker = new Worker(new URL('./pinIndexWorker.ts', import.meta.url), { type: 'module' });
    const service = Comlink.wrap<PinIndexService>(worker);
    let live = true;
    void service.open(databaseName).then((total) => {
      performance.mark('pins-loaded');
      if (live) setState({ service, total });
    });
    return () => {
      live = false;
      service[Comlink.releaseProxy]();
      worker.terminate();
    };
  }, [databaseName]);
  return state;
}
