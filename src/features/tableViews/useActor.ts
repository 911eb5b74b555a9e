import { useMemo } from 'react';
import type { Actor } from '../../domain/permissions.ts';
import { DEFAULT_ORG_ID, parseAccessLevel } from '../../domain/roles.ts';
import { storedUser } from '../auth/session.ts';

/**
 * The signed-in user as the permission rules see them. Only the access level decides what the
 * views offer (reference data is admins'); the server decides again on every write.
 */
export function useActor(): Actor {
  return useMemo(() => {
    const user = storedUser();
    return {
      user_id: user?._id ?? '',
      org_id: DEFAULT_ORG_ID,
      level: parseAccessLevel(user?.access) ?? 'Guest',
      super_admin: false,
      team_ids: [],
      managed_team_ids: [],
      region_ids: [],
      managed_member_ids: [],
    };
  }, []);
}
