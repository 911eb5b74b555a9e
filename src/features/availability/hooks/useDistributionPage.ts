import { useMemo } from 'react';
import { useActor } from '#src/device/hooks/useActor.ts';
import { useAllAvailability, useDistributionRules } from '#src/device/hooks/useAvailability.ts';
import { useAllTeamMembers, useRegions, useTeams } from '#src/device/hooks/useTeams.ts';
import { useUserNames } from '#src/device/hooks/useUsers.ts';
import type { Availability } from '#src/domain/availability.ts';
import {
  canSetRule,
  type DistributionRule,
  type DistributionScope,
  ruleMembers,
} from '#src/domain/distribution.ts';
import { managedRegionIds } from '#src/domain/turfRules.ts';

/** A team or region whose rule the caller may set, with its rule and its people. */
export interface RulePlace {
  id: string;
  scope: DistributionScope;
  name: string;
  rule: DistributionRule | undefined;
  people: { id: string; name: string; availability: Availability | undefined }[];
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The distribution screen's teams and regions, from the device (undefined while reading). */
export function useDistributionPage(): RulePlace[] | undefined {
  const actor = useActor();
  const teams = useTeams();
  const regions = useRegions();
  const memberships = useAllTeamMembers();
  const rules = useDistributionRules();
  const everyone = useAllAvailability();
  const names = useUserNames();
  return useMemo(() => {
    if (!rules || !everyone || !names) return undefined;
    const liveTeams = teams.filter((team) => !team.deleted_at);
    const liveRegions = regions.filter((region) => !region.deleted_at);
    const managed = managedRegionIds(
      actor,
      liveRegions.map((r) => ({ id: r._id, manager_ids: Array.isArray(r.manager_ids) ? r.manager_ids : [] })),
      liveTeams.map((team) => ({ id: team._id, region_id: text(team.region_id) || null })),
    );
    const members = memberships.map((m) => ({ team_id: String(m.team_id), user_id: String(m.user_id) }));
    const teamPlaces = liveTeams.map((team) => ({ _id: team._id, region_id: text(team.region_id) || null }));
    const place = (scope: DistributionScope, row: { _id: string; name?: unknown }): RulePlace => {
      const people = ruleMembers({ _id: row._id, scope }, members, teamPlaces).map((id) => ({
        id,
        name: names.get(id) ?? '',
        availability: everyone.get(id),
      }));
      people.sort((a, b) => a.name.localeCompare(b.name));
      return { id: row._id, scope, name: text(row.name), rule: rules.find((r) => r._id === row._id), people };
    };
    const byName = (a: RulePlace, b: RulePlace) => a.name.localeCompare(b.name);
    return [
      ...liveTeams
        .filter((team) => canSetRule(actor, 'team', team._id, managed))
        .map((team) => place('team', team))
        .sort(byName),
      ...liveRegions
        .filter((region) => canSetRule(actor, 'region', region._id, managed))
        .map((region) => place('region', region))
        .sort(byName),
    ];
  }, [actor, teams, regions, memberships, rules, everyone, names]);
}
