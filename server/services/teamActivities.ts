/**
 * Activities of a team's make-up (SPEC: the team manager creates 'added_to_team' when someone
 * joins a team and 'team_to_region' when a team moves to a region), written in the transaction of
 * the change so the history never disagrees with the teams.
 */
import { and, eq } from 'drizzle-orm';
import type { Actor } from '#src/domain/permissions.ts';
import { type ServerText, serverText, storedServerText } from '#src/domain/serverTexts.ts';
import { activities, regions, teams, users } from '../db/schema.ts';
import type { Tx } from './context.ts';
import { notifyAddedToTeam } from './notify.ts';

function teamActivity(
  actor: Actor,
  version: number,
  type: string,
  message: string,
  userRefs: string[],
  data: Record<string, unknown>,
  text: ServerText,
) {
  return {
    org_id: actor.org_id,
    type,
    category: 'team',
    message,
    actor_id: actor.user_id,
    user_refs: userRefs,
    // The key and parameters devices say in their reader's language (the pull spreads `data`).
    data: { ...data, ...storedServerText(text) },
    version,
    created_by: actor.user_id,
    updated_by: actor.user_id,
  };
}

/**
 * What an 'added_to_team' activity says after the name of who did it (the feed reads "Avery Admin
 * added Riley Rep to North Team"): whom they added to which team, or that they joined it themself.
 */
export function addedToTeamMessage(join: {
  actorId: string;
  userId: string;
  userName: string | null | undefined;
  teamName: string | null | undefined;
}): string {
  const team = join.teamName?.trim() || 'a team';
  if (join.actorId === join.userId) return `joined ${team}`;
  return `added ${join.userName?.trim() || 'someone'} to ${team}`;
}

/** Someone joined a team (or came back to it), with the team role they have there. */
export async function recordAddedToTeam(
  tx: Tx,
  actor: Actor,
  version: number,
  join: { user_id: string; team_id: string; role: string },
): Promise<void> {
  const [[user], [team]] = await Promise.all([
    tx
      .select({ name: users.name })
      .from(users)
      .where(and(eq(users.id, join.user_id), eq(users.org_id, actor.org_id))),
    tx
      .select({ name: teams.name })
      .from(teams)
      .where(and(eq(teams.id, join.team_id), eq(teams.org_id, actor.org_id))),
  ]);
  const message = addedToTeamMessage({
    actorId: actor.user_id,
    userId: join.user_id,
    userName: user?.name,
    teamName: team?.name,
  });
  const teamName = team?.name?.trim() ?? '';
  const text =
    actor.user_id === join.user_id
      ? serverText('activity.joinedTeam', { team: teamName })
      : serverText('activity.addedToTeam', { person: user?.name?.trim() ?? '', team: teamName });
  await tx
    .insert(activities)
    .values(teamActivity(actor, version, 'added_to_team', message, [join.user_id], join, text));
  await notifyAddedToTeam(tx, actor, version, join);
}

/** A team moved to another region (or out of any, `region_id` null). */
export async function recordTeamToRegion(
  tx: Tx,
  actor: Actor,
  version: number,
  move: { team_id: string; region_id: string | null; from_region_id: string | null },
): Promise<void> {
  const [[team], [region]] = await Promise.all([
    tx
      .select({ name: teams.name })
      .from(teams)
      .where(and(eq(teams.id, move.team_id), eq(teams.org_id, actor.org_id))),
    move.region_id
      ? tx
          .select({ name: regions.name })
          .from(regions)
          .where(and(eq(regions.id, move.region_id), eq(regions.org_id, actor.org_id)))
      : Promise.resolve([]),
  ]);
  const teamName = team?.name?.trim() ?? '';
  const text = move.region_id
    ? serverText('activity.teamToRegion', { team: teamName, region: region?.name?.trim() ?? '' })
    : serverText('activity.teamOutOfRegion', { team: teamName });
  await tx
    .insert(activities)
    .values(teamActivity(actor, version, 'team_to_region', 'Team moved to a region', [], move, text));
}
