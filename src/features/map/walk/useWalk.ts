import { useCallback, useMemo, useState } from 'react';
import { knockPosition } from '#src/device/hooks/useKnockPosition.ts';
import type { WalkPoint } from '#src/domain/walkRoute.ts';
import type { PinService } from '../pins/usePinService.ts';
import type { LassoArea } from '../utils/lassoArea.ts';
import { type PlannedWalk, useWalkPlanning } from './useWalkPlanning.ts';
import { useWalkPosition } from './useWalkPosition.ts';
import { useWalkProgress } from './useWalkProgress.ts';
import { useWalkSolver, type WalkSolve } from './useWalkSolver.ts';
import { coolDownSince, walkFeatures } from './walkProgress.ts';
import { MAX_WALK_CANDIDATES, type ViewBounds, walkScope } from './walkScope.ts';

export interface WalkOptions {
  service: PinService | undefined;
  /** The map's view now (undefined without a map). */
  view(): (ViewBounds & { center: WalkPoint }) | undefined;
  /** The rep's turf, when they have one: the walk takes its doors. */
  turf?: LassoArea | undefined;
  /** An area drawn on the map (the lasso): the walk takes its doors. */
  drawn?: LassoArea | undefined;
  /** Opens a lead's panel (the next door, standing at `at`). */
  openLead(id: string, at: WalkPoint): void;
  /** Where the rep is (default: the device's location); a test's own. */
  locate?: () => Promise<WalkPoint | undefined>;
  /** The solver (default: the walk worker); a test's own thread. */
  solver?: WalkSolve;
}

const deviceLocation = async () => {
  const fix = await knockPosition();
  return fix ? { lng: fix.lng, lat: fix.lat } : undefined;
};

/** 'Plan my walk' on the lead map: planning, the walk drawn, 'Next door', knocks and re-planning. */
export function useWalk({
  service,
  view,
  turf,
  drawn,
  openLead,
  locate = deviceLocation,
  solver,
}: WalkOptions) {
  const solve = useWalkSolver(solver);
  const [planned, setPlanned] = useState<PlannedWalk>();
  const planning = useWalkPlanning(solve, planned, setPlanned);
  const position = useWalkPosition(planned !== undefined);
  useWalkProgress(planned, setPlanned, planning.doors, position, solve);
  const { rules, setRequest, setNotice } = planning;

  const plan = useCallback(async () => {
    if (!service || !rules) return;
    const now = view();
    const scope = walkScope(turf, drawn, now);
    if (scope === 'zoomIn' || scope === 'none')
      return setNotice({ kind: scope === 'none' ? 'noPosition' : 'zoomIn' });
    setPlanned(undefined);
    setNotice({ kind: 'planning' });
    const here = await locate();
    const start = here ?? now?.center;
    if (!start) return setNotice({ kind: 'noPosition' });
    const ids = await service.inArea(scope.area);
    if (ids.length > MAX_WALK_CANDIDATES) return setNotice({ kind: 'tooMany' });
    const at = Date.now();
    setRequest({
      ids,
      start,
      since: coolDownSince(at, rules.cooldown_days),
      now: at,
      scope: scope.kind,
      guessed: !here,
    });
  }, [service, rules, view, turf, drawn, locate, setNotice, setRequest]);

  const end = useCallback(() => {
    setPlanned(undefined);
    setRequest(undefined);
    setNotice(undefined);
  }, [setNotice, setRequest]);

  const byId = useMemo(() => new Map((planning.doors ?? []).map((d) => [d.id, d])), [planning.doors]);
  const walk = planned?.walk;
  const nextDoor = walk ? byId.get(walk.remaining[0] ?? '') : undefined;
  return {
    ready: service !== undefined && rules !== undefined,
    notice: planning.notice,
    walk,
    nextDoor,
    features: walk ? walkFeatures(walk, byId) : undefined,
    plan,
    next: () =>
      nextDoor && openLead(nextDoor.id, { lng: nextDoor.lng as number, lat: nextDoor.lat as number }),
    end,
  };
}

export type WalkControls = ReturnType<typeof useWalk>;
