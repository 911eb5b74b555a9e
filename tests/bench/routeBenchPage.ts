/**
 * The page side of `npm run bench -- route`: the walk solver timed on the page's main thread (the
 * thread CPU throttling reaches) and through the app's walk worker (the same module the map
 * starts), each from the call to the answer.
 */
import * as Comlink from 'comlink';
import { solveWalk, type Walk, type WalkPoint } from '#src/domain/walkRoute.ts';
import type { WalkSolverService } from '#src/features/map/walk/walkWorker.ts';

const service = Comlink.wrap<WalkSolverService>(new Worker('/walk-worker.js'));

async function timed(solve: () => Walk | Promise<Walk>): Promise<{ ms: number; walk: Walk }> {
  const began = performance.now();
  const walk = await solve();
  return { ms: performance.now() - began, walk };
}

(globalThis as unknown as { routeBench: unknown }).routeBench = {
  main: (start: WalkPoint, stops: WalkPoint[]) => timed(() => solveWalk(start, stops)),
  worker: (start: WalkPoint, stops: WalkPoint[]) => timed(() => service.solve(start, stops)),
};
