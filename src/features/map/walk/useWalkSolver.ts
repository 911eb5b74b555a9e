import * as Comlink from 'comlink';
import { useCallback, useEffect, useRef } from 'react';
import type { Walk, WalkPoint } from '#src/domain/walkRoute.ts';
import type { WalkSolverService } from './walkWorker.ts';

export type WalkSolve = (start: WalkPoint, stops: WalkPoint[]) => Promise<Walk>;

interface Running {
  worker: Worker;
  service: Comlink.Remote<WalkSolverService>;
}

/**
 * Plans walks in the walk worker, started on the first walk and stopped when the map closes.
 * `solver` stands in for the worker (a test's own thread).
 */
export function useWalkSolver(solver?: WalkSolve): WalkSolve {
  const running = useRef<Running | undefined>(undefined);
  useEffect(
    () => () => {
      const r = running.current;
      running.current = undefined;
      r?.service[Comlink.releaseProxy]();
      r?.worker.terminate();
    },
    [],
  );
  return useCallback(
    (start, stops) => {
      if (solver) return solver(start, stops);
      if (!running.current) {
        const worker = new Worker(new URL('./walkWorker.ts', import.meta.url), { type: 'module' });
        running.current = { worker, service: Comlink.wrap<WalkSolverService>(worker) };
      }
      return running.current.service.solve(start, stops);
    },
    [solver],
  );
}
