/**
 * The walk worker: plans a rep's walk off the main thread (src/domain/walkRoute.ts), so the map
 * keeps moving while it works. Exposed through comlink.
 */
import * as Comlink from 'comlink';
import { solveWalk, type Walk, type WalkPoint } from '#src/domain/walkRoute.ts';

export class WalkSolverService {
  /** The order to walk the stops in from `start`, and its length in metres. */
  solve(start: WalkPoint, stops: WalkPoint[]): Walk {
    return solveWalk(start, stops);
  }
}

Comlink.expose(new WalkSolverService());
