/**
 * The turf cutting worker: cuts a region into turfs (src/domain/turfCutting.ts) off the main
 * thread, so the screen stays responsive while 20,000 doors are shared out. Exposed through comlink.
 */
import * as Comlink from 'comlink';
import { cutTurfs, type TurfCut, type TurfCutInput } from '#src/domain/turfCutting.ts';

export class TurfCutService {
  cut(input: TurfCutInput): TurfCut {
    return cutTurfs(input);
  }
}

Comlink.expose(new TurfCutService());
