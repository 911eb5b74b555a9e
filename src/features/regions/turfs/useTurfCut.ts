import { useMemo, useRef, useState } from 'react';
import { useActor } from '#src/device/hooks/useActor.ts';
import { useAllTeamMembers } from '#src/device/hooks/useTeams.ts';
import { useRegionDoors } from '#src/device/hooks/useTurfs.ts';
import { useUsers } from '#src/device/hooks/useUsers.ts';
import type { RegionGeometry } from '#src/domain/regionGeometry.ts';
import type { TurfCut, TurfDoor } from '#src/domain/turfCutting.ts';
import type { TurfPolygon } from '#src/domain/turfGeometry.ts';
import type { DoorWeight } from '#src/domain/turfWeight.ts';
import {
  cutBody,
  cutDoors,
  draftProblems,
  draftsOf,
  giveTo,
  ownerFactsOf,
  regionReps,
  reshape,
  type TurfDraft,
} from './turfDraft.ts';
import { useTurfAssign } from './useTurfAssign.ts';
import { useTurfCutter } from './useTurfCutter.ts';

/**
 * A manager's cut of a region: the reps and door weight chosen, the cut run in the worker, its
 * turfs under review (reshaped, given to another rep), and 'Assign' sending them to the server.
 */
export function useTurfCut(regionId: string, region: RegionGeometry, teamIds: readonly string[]) {
  const actor = useActor();
  const users = useUsers();
  const members = useAllTeamMembers();
  const reps = useMemo(() => regionReps(actor, members, teamIds, users), [actor, members, teamIds, users]);
  const names = useMemo(() => new Map(reps.map((r) => [r.id, r.name])), [reps]);
  const [repIds, setRepIds] = useState<string[]>([]);
  const [weight, setWeight] = useState<DoorWeight>('count');
  const rows = useRegionDoors(regionId, true);
  const doorIds = useMemo(() => rows?.map((row) => row.id) ?? [], [rows]);
  const cutter = useTurfCutter();
  const { assign: send, busy } = useTurfAssign();
  const [review, setReview] = useState<{ cut: TurfCut; drafts: TurfDraft[]; key: number }>();
  const doors = useRef<TurfDoor[]>([]);
  const seed = useRef(0);

  async function cut() {
    if (!rows || !repIds.length) return;
    doors.current = cutDoors(rows, weight, ownerFactsOf(users));
    seed.current += 1;
    const answer = await cutter.cut({ region, doors: doors.current, reps: repIds, seed: seed.current });
    const drafts = draftsOf(answer, names, () => crypto.randomUUID());
    setReview({ cut: answer, drafts, key: seed.current });
  }

  const update = (change: (drafts: TurfDraft[]) => TurfDraft[]) =>
    setReview((r) => r && { ...r, drafts: change(r.drafts) });

  return {
    reps,
    repIds,
    setRepIds,
    weight,
    setWeight,
    doorCount: rows?.length,
    doorIds,
    cut,
    cutting: cutter.cutting,
    review,
    problems: review ? draftProblems(review.drafts, region) : [],
    reshape: (id: string, polygon: TurfPolygon) => update((d) => reshape(d, id, polygon, doors.current)),
    giveTo: (id: string, repId: string) =>
      update((d) => giveTo(d, id, { id: repId, name: names.get(repId) ?? repId }, names)),
    discard: () => setReview(undefined),
    /** Sends the turfs under review; true when the server took them. */
    assign: async (): Promise<boolean> => {
      if (!review || !(await send(cutBody(regionId, review.drafts)))) return false;
      setReview(undefined);
      return true;
    },
    assigning: busy,
  };
}
