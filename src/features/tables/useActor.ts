import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import type { Actor } from '../../domain/permissions.ts';
import { DEFAULT_ORG_ID, effectiveAccessLevel } from '../../domain/roles.ts';
import type { SignedInUser } from '../auth/session.ts';
import { useSync } from '../sync/SyncProvider.tsx';

/**
 * The signed-in user as the permission rules see them, from their own records on the device (the
 * level their roles give, their teams), so hidden controls match what the server will allow.
 */
export function useActor(user: SignedInUser): Actor {
  const { db } = useSync();
  const facts = useLiveQuery(async () => {
    const [self, memberships] = await Promise.all([
      db.users.get(user._id),
      db.team_members.where('user_id').equals(user._id).toArray(),
    ]);
    return { self, memberships };
  }, [db, user._id]);
  return useMemo(() => {
    const roles = Array.isArray(facts?.self?.roles) ? (facts.self.roles as number[]) : [];
    const level = effectiveAccessLevel(String(facts?.self?.access_level ?? user.access), roles);
    const memberships = facts?.memberships ?? [];
    const leads = memberships.filter((m) => m.role === 'Leader' || m.role === 'Manager');
    return {
      user_id: user._id,
      org_id: Number(facts?.self?.org_id ?? DEFAULT_ORG_ID),
      level,
      super_admin: roles.includes(10),
      team_ids: memberships.map((m) => String(m.team_id)),
      managed_team_ids: leads.map((m) => String(m.team_id)),
      region_ids: [],
      managed_member_ids: [],
    };
  }, [facts, user._id, user.access]);
}
