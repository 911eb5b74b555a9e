import { useMemo } from 'react';
import { useDealStages } from '#src/device/hooks/useDealStages.ts';
import { useLiveRows } from '#src/device/hooks/useTableRows.ts';
import { useUserNames } from '#src/device/hooks/useUsers.ts';
import { countByStage, type StageCount } from '#src/domain/pipeline.ts';

const CONTACT_COLUMNS = ['region_id', 'deal_stage', 'name'];
const TEAM_COLUMNS = ['name', 'region_id'];
/** How many of the region's contacts the page lists by name (the count covers them all). */
export const LISTED_CONTACTS = 10;

export interface RegionFacts {
  /** The region's contacts on the device: how many, the first few by name, and their ids (for pins). */
  contacts: { count: number; listed: { id: string; name: string }[]; ids: string[] } | undefined;
  stages: StageCount[] | undefined;
  /** Teams whose region this is (undefined while reading). */
  teams: { id: string; name: string }[] | undefined;
  /** The region's reps and managers, by name. */
  people: { id: string; name: string }[] | undefined;
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

/** A region's contacts, pipeline by stage, teams and people, live from the device. */
export function useRegionFacts(regionId: string | null, managerIds: readonly string[]): RegionFacts {
  const stages = useDealStages();
  const names = useUserNames();
  const pipeline = useLiveRows(
    'contacts',
    CONTACT_COLUMNS,
    async (read) => {
      if (!regionId) return { stages: countByStage([], stages), count: 0, listed: [], ids: [] };
      const mine = (await read()).filter((row) => row.region_id === regionId);
      const listed = mine
        .map((row) => ({ id: String(row._id), name: String(row.name || '') }))
        .sort(byName)
        .slice(0, LISTED_CONTACTS);
      return {
        stages: countByStage(mine, stages),
        count: mine.length,
        listed,
        ids: mine.map((row) => String(row._id)),
      };
    },
    [regionId, stages],
  );
  const teams = useLiveRows(
    'teams',
    TEAM_COLUMNS,
    async (read) =>
      regionId
        ? (await read())
            .filter((team) => team.region_id === regionId && !team.deleted_at)
            .map((team) => ({ id: String(team._id), name: String(team.name ?? '') }))
            .sort(byName)
        : [],
    [regionId],
  );
  const people = useMemo(
    () => names && managerIds.map((id) => ({ id, name: names.get(id) ?? id })).sort(byName),
    [names, managerIds],
  );
  return {
    contacts: pipeline && { count: pipeline.count, listed: pipeline.listed, ids: pipeline.ids },
    stages: pipeline?.stages,
    teams,
    people,
  };
}
