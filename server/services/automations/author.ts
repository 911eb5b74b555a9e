/**
 * The person an automation acts as (see src/domain/automations/runAs.ts): its author's actor,
 * built exactly as a signed-in request builds theirs (level, teams, regions, managed members,
 * named roles' grants), or why a run may not go ahead as them.
 */
import { eq } from 'drizzle-orm';
import { type automations, users } from '#server/db/schema.ts';
import { RUN_AS_SKIPPED, runAsDenial } from '#src/domain/automations/runAs.ts';
import type { AutomationAction } from '#src/domain/automations/schemas.ts';
import type { Actor } from '#src/domain/permissions.ts';
import { loadCaller } from '../actors.ts';
import type { Tx } from '../context.ts';

type AutomationRow = typeof automations.$inferSelect;

export type RunAs = { actor: Actor; denial?: undefined } | { actor?: undefined; denial: string };

export async function automationRunAs(
  db: Tx,
  automation: AutomationRow,
  actions: readonly AutomationAction[],
): Promise<RunAs> {
  const authorId = automation.created_by;
  const [author] = authorId
    ? await db
        .select({ active: users.active, status: users.status, deleted_at: users.deleted_at })
        .from(users)
        .where(eq(users.id, authorId))
    : [];
  // A super admin who wrote it in another org acts there, as a signed-in request naming it would.
  const caller = author && authorId ? await loadCaller(db, authorId, automation.org_id) : undefined;
  const denial = runAsDenial({ org_id: automation.org_id, actions }, author, caller?.actor);
  if (denial || !caller) return { denial: denial ?? RUN_AS_SKIPPED.deactivated };
  return { actor: caller.actor };
}
