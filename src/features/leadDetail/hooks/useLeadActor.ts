import { useMemo } from 'react';
import type { Actor } from '../../../domain/permissions.ts';
import { parseAccessLevel } from '../../../domain/roles.ts';
import { storedUser } from '../../auth/session.ts';

/**
 * The signed-in user as the shared permission rules see them, to hide what they may not do. The
 * rules for a lead's notes, appointments and files look at the access level only; the server
 * decides with the full facts.
 */
export function useLeadActor(): Actor {
  return useMemo(() => {
    const user = storedUser();
    return {
      user_id: user?._id ?? '',
      org_id: 0,
      level: parseAccessLevel(user?.access) ?? 'Guest',
      super_admin: false,
      team_ids: [],
      managed_team_ids: [],
      region_ids: [],
      managed_member_ids: [],
    };
  }, []);
}
