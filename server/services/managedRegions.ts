/**
 * The regions a manager manages for a right that managers hold over what they manage (turfs,
 * distribution rules): the regions that name them as a manager and the regions of the teams they
 * lead (src/domain/turfRules.ts `managedRegionIds`); none for anyone whose scope of the right is
 * not 'managed'.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Action, type Actor, scopeOf } from '#src/domain/permissions.ts';
import { managedRegionIds } from '#src/domain/turfRules.ts';
import { regions, teams } from '../db/schema.ts';
import type { Tx } from './context.ts';

export async function managedRegionsOf(tx: Tx, actor: Actor, right: Action): Promise<string[]> {
  if (scopeOf(actor, right) !== 'managed') return [];
  const named = await tx
    .select({ id: regions.id, manager_ids: regions.manager_ids })
    .from(regions)
    .where(
      and(
        eq(regions.org_id, actor.org_id),
        isNull(regions.deleted_at),
        sql`${actor.user_id}::uuid = ANY(${regions.manager_ids})`,
      ),
    );
  const led = actor.managed_team_ids.length
    ? await tx
        .select({ id: teams.id, region_id: teams.region_id })
        .from(teams)
        .where(
          and(
            eq(teams.org_id, actor.org_id),
            isNull(teams.deleted_at),
            inArray(teams.id, [...actor.managed_team_ids]),
          ),
        )
    : [];
  return managedRegionIds(actor, named, led);
}
