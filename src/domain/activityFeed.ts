/**
 * The consolidated activity of SPEC section 7: what concerns a set of teams, a region or a lead.
 * A team's feed holds what its members did or were part of, what happened to its contacts, and
 * what was done to the team itself (added_to_team, team_to_region); a region's feed the same for
 * its contacts and its teams.
 */

export interface FeedActivity {
  [field: string]: unknown;
  actor_id?: unknown;
  lead_refs?: unknown;
  user_refs?: unknown;
  team_id?: unknown;
  region_id?: unknown;
  from_region_id?: unknown;
}

export interface FeedScope {
  teamIds: ReadonlySet<string>;
  /** Members of those teams (or of the region's teams). */
  memberIds: ReadonlySet<string>;
  /** Contacts of those teams, or in the region, or the one lead. */
  leadIds: ReadonlySet<string>;
  regionId?: string;
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** Whether an activity belongs to the feed of `scope`. */
export function activityConcerns(activity: FeedActivity, scope: FeedScope): boolean {
  if (typeof activity.team_id === 'string' && scope.teamIds.has(activity.team_id)) return true;
  if (
    scope.regionId !== undefined &&
    (activity.region_id === scope.regionId || activity.from_region_id === scope.regionId)
  )
    return true;
  if (strings(activity.lead_refs).some((id) => scope.leadIds.has(id))) return true;
  if (typeof activity.actor_id === 'string' && scope.memberIds.has(activity.actor_id)) return true;
  return strings(activity.user_refs).some((id) => scope.memberIds.has(id));
}
