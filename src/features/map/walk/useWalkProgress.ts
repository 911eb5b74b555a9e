import { useCallback, useEffect, useRef } from 'react';
import type { WalkDoor } from '#src/device/hooks/useWalk.ts';
import type { WalkPoint } from '#src/domain/walkRoute.ts';
import type { PlannedWalk } from './useWalkPlanning.ts';
import type { WalkSolve } from './useWalkSolver.ts';
import { afterKnocks, remainingPoints, replannedWalk, strayed, type WalkState } from './walkProgress.ts';

const sameDoors = (a: WalkState, b: WalkState) =>
  a.remaining.length === b.remaining.length && a.remaining.every((id) => b.remaining.includes(id));

/**
 * Keeps a walk going: a knock at the next door advances it; a knock out of order, or the rep at
 * `position` straying from the leg, plans the rest again from where the rep is (in the solver).
 */
export function useWalkProgress(
  planned: PlannedWalk | undefined,
  setPlanned: (update: (p: PlannedWalk | undefined) => PlannedWalk | undefined) => void,
  doors: WalkDoor[] | undefined,
  position: WalkPoint | undefined,
  solve: WalkSolve,
) {
  const byId = useRef(new Map<string, WalkDoor>());
  byId.current = new Map((doors ?? []).map((d) => [d.id, d]));

  const replan = useCallback(
    (walk: WalkState, from: WalkPoint) => {
      const points = remainingPoints(walk, byId.current);
      if (points.length < 2) return;
      void solve(
        from,
        points.map((p) => ({ lng: p.lng, lat: p.lat })),
      ).then((solved) => {
        const order = solved.order.map((i) => (points[i] as WalkDoor).id);
        // A knock meanwhile changed the doors left: that walk is planned on its own.
        setPlanned((p) =>
          p && sameDoors(p.walk, walk) ? { ...p, walk: replannedWalk(p.walk, order, from) } : p,
        );
      });
    },
    [solve, setPlanned],
  );

  useEffect(() => {
    if (!planned || !doors) return;
    const { walk, replan: again } = afterKnocks(planned.walk, byId.current);
    if (walk === planned.walk) return;
    setPlanned((p) => (p === planned ? { ...p, walk } : p));
    if (again) replan(walk, walk.from);
  }, [planned, doors, setPlanned, replan]);

  const lastStray = useRef<WalkState | undefined>(undefined);
  useEffect(() => {
    if (!planned || !position || lastStray.current === planned.walk) return;
    if (!strayed(planned.walk, byId.current, position)) return;
    // Once per leg: the new plan starts where the rep is, so they are on its first leg.
    lastStray.current = planned.walk;
    replan(planned.walk, position);
  }, [planned, position, replan]);
}
