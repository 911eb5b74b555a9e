/** The organisations a caller may act in: their own, and every one for a super admin (role 10). */
import { asc, eq, isNull } from 'drizzle-orm';
import type { Actor } from '#src/domain/permissions.ts';
import { orgs } from '../db/schema.ts';
import type { ServiceContext } from './context.ts';

export interface OrgChoice {
  id: number;
  name: string;
}

/**
 * Super admins may switch between all orgs (the header's org switcher), so they get every live
 * org; anyone else only the org they act in — nobody else ever learns another org exists.
 */
export async function orgChoices(ctx: ServiceContext, actor: Actor): Promise<OrgChoice[]> {
  const query = ctx.db.select({ id: orgs.id, name: orgs.name }).from(orgs);
  const rows = actor.super_admin
    ? await query.where(isNull(orgs.deleted_at)).orderBy(asc(orgs.name), asc(orgs.id))
    : await query.where(eq(orgs.id, actor.org_id));
  return rows;
}
