/** The permission table's scopes as SQL conditions, so lists only ever load what a caller may see. */
import { type SQL, sql } from 'drizzle-orm';
import type { Actor, Scope } from '#src/domain/permissions.ts';
import { contacts } from '../db/schema.ts';

const uuids = (ids: readonly string[]) => sql`${sql.param([...ids])}::uuid[]`;

/** Contacts within a scope, always limited to the caller's org (and to live rows unless asked). */
export function contactScopeWhere(
  actor: Actor,
  scope: Scope,
  options: { includeDeleted?: boolean } = {},
): SQL {
  const base = options.includeDeleted
    ? sql`${contacts.org_id} = ${actor.org_id}`
    : sql`${contacts.org_id} = ${actor.org_id} AND ${contacts.deleted_at} IS NULL`;
  if (scope === 'org') return base;
  if (scope === 'none' || scope === 'self') return sql`false`;
  const me = actor.user_id;
  const owned = sql`(${contacts.owner_id} = ${me} OR ${me}::uuid = ANY(${contacts.energy_consultants}))`;
  const parts: SQL[] = [owned];
  if (scope === 'assigned' || scope === 'managed') {
    if (actor.team_ids.length) parts.push(sql`${contacts.team_id} = ANY(${uuids(actor.team_ids)})`);
    if (actor.region_ids.length) parts.push(sql`${contacts.region_id} = ANY(${uuids(actor.region_ids)})`);
  }
  if (scope === 'managed') {
    if (actor.managed_team_ids.length)
      parts.push(sql`${contacts.team_id} = ANY(${uuids(actor.managed_team_ids)})`);
    if (actor.managed_member_ids.length) {
      parts.push(sql`${contacts.owner_id} = ANY(${uuids(actor.managed_member_ids)})`);
      parts.push(sql`${contacts.energy_consultants} && ${uuids(actor.managed_member_ids)}`);
    }
  }
  return sql`${base} AND (${sql.join(parts, sql` OR `)})`;
}
