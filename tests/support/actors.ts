/**
 * Actors as the permission rules see them, for unit tests of rules and screens: the given access
 * level, user 'me' of org 6, in no team or region and with no named role, unless `extra` says
 * otherwise. Pure (no database, no server code), so device-side tests may use it too.
 */
import type { Actor } from '#src/domain/permissions.ts';

export function testActor(level: Actor['level'], extra: Partial<Actor> = {}): Actor {
  return {
    user_id: 'me',
    org_id: 6,
    level,
    super_admin: false,
    team_ids: [],
    managed_team_ids: [],
    region_ids: [],
    managed_member_ids: [],
    ...extra,
  };
}
