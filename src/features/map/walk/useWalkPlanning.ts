import { useEffect, useState } from 'react';
import { useActor } from '#src/device/hooks/useActor.ts';
import { useDealStages } from '#src/device/hooks/useDealStages.ts';
import { useWalkDoors, useWalkRules, type WalkDoor } from '#src/device/hooks/useWalk.ts';
import type { WalkPoint } from '#src/domain/walkRoute.ts';
import type { WalkSolve } from './useWalkSolver.ts';
import { startWalk, type WalkState, walkCandidates } from './walkProgress.ts';
import type { WalkScopeKind } from './walkScope.ts';

const NONE: readonly string[] = [];

/** The doors to plan a walk through: the scope's contacts, from where the rep stands. */
export interface WalkRequest {
  ids: readonly string[];
  start: WalkPoint;
  /** Knocks from here on count against the cool-down (ISO). */
  since: string;
  now: number;
  scope: WalkScopeKind;
  /** The rep's position was not known: the walk starts at the map's centre. */
  guessed: boolean;
}

/** What the walk bar says. */
export type WalkNotice =
  | { kind: 'planning' }
  | { kind: 'zoomIn' }
  | { kind: 'tooMany' }
  | { kind: 'noPosition' }
  | { kind: 'empty'; excluded: number }
  | { kind: 'walking'; scope: WalkScopeKind; excluded: number; beyond: number; guessed: boolean };

/** A walk and the doors it was planned through (the array the device reads them by). */
export interface PlannedWalk {
  walk: WalkState;
  ids: readonly string[];
  /** Knocks from here on count against the cool-down (ISO). */
  since: string;
}

/**
 * Turns a request into a walk: reads its doors from the device, keeps the eligible ones by the
 * org's walk rules (nearest first) and has the solver order them. Then reads the walk's own doors,
 * kept current, for its progress.
 */
export function useWalkPlanning(
  solve: WalkSolve,
  planned: PlannedWalk | undefined,
  onPlanned: (planned: PlannedWalk) => void,
) {
  const actor = useActor();
  const rules = useWalkRules();
  const stages = useDealStages();
  const [request, setRequest] = useState<WalkRequest>();
  const [notice, setNotice] = useState<WalkNotice>();
  const read = useWalkDoors(planned?.ids ?? request?.ids ?? NONE, planned?.since ?? request?.since ?? '');

  useEffect(() => {
    if (!request || !rules || read?.ids !== request.ids) return;
    const context = { user_id: actor.user_id, rules, stages, now: request.now };
    const { doors, excluded, beyond } = walkCandidates(read.doors, request.start, context);
    if (!doors.length) {
      setRequest(undefined);
      setNotice({ kind: 'empty', excluded });
      return;
    }
    let current = true;
    void solve(
      request.start,
      doors.map((d) => ({ lng: d.lng, lat: d.lat })),
    ).then((solved) => {
      if (!current) return;
      setRequest(undefined);
      const walk = startWalk(request.start, doors, solved.order);
      onPlanned({ walk, ids: doors.map((d) => d.id), since: request.since });
      setNotice({ kind: 'walking', scope: request.scope, excluded, beyond, guessed: request.guessed });
    });
    return () => {
      current = false;
    };
  }, [request, read, rules, stages, actor.user_id, solve, onPlanned]);

  const doors: WalkDoor[] | undefined = planned && read?.ids === planned.ids ? read.doors : undefined;
  return { rules, request, setRequest, notice, setNotice, doors };
}
