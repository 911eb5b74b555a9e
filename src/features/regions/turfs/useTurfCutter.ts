import * as Comlink from 'comlink';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TurfCut, TurfCutInput } from '#src/domain/turfCutting.ts';
import type { TurfCutService } from './turfCutWorker.ts';

interface Running {
  worker: Worker;
  service: Comlink.Remote<TurfCutService>;
}

/**
 * Cuts a region into turfs in a worker: `cut` answers the cut (a later call's answer is the one
 * to show); `cutting` while one is under way. The worker starts at the first cut and stops when
 * the screen closes.
 */
export function useTurfCutter(): { cut: (input: TurfCutInput) => Promise<TurfCut>; cutting: boolean } {
  const running = useRef<Running | undefined>(undefined);
  const closed = useRef(false);
  const [pending, setPending] = useState(0);
  useEffect(() => {
    closed.current = false;
    return () => {
      closed.current = true;
      running.current?.service[Comlink.releaseProxy]();
      running.current?.worker.terminate();
      running.current = undefined;
    };
  }, []);
  const cut = useCallback(async (input: TurfCutInput) => {
    if (closed.current) throw new Error('the turf cutter stopped with its screen');
    if (!running.current) {
      const worker = new Worker(new URL('./turfCutWorker.ts', import.meta.url), { type: 'module' });
      running.current = { worker, service: Comlink.wrap<TurfCutService>(worker) };
    }
    setPending((n) => n + 1);
    try {
      return await running.current.service.cut(input);
    } finally {
      setPending((n) => n - 1);
    }
  }, []);
  return { cut, cutting: pending > 0 };
}
