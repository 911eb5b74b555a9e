import { useMemo } from 'react';
import { useUsers } from '#src/device/hooks/useUsers.ts';
import { isActiveUser, mayAssignTo } from '#src/domain/leadAssignment.ts';
import type { Actor } from '#src/domain/permissions.ts';

export interface OwnerOption {
  value: string;
  label: string;
}

/**
 * The people this caller may make a lead's owner (src/domain/leadAssignment.ts), by name, from the
 * device's users: an admin's whole active org, a manager's team members and themselves.
 */
export function useAssignableOwners(actor: Actor): OwnerOption[] {
  const users = useUsers();
  return useMemo(
    () =>
      users
        .filter((user) =>
          mayAssignTo(actor, {
            id: user._id,
            org_id: user.org_id === undefined ? actor.org_id : Number(user.org_id),
            active: isActiveUser(user),
          }),
        )
        .map((user) => ({ value: user._id, label: String(user.name || user.email || user._id) }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [users, actor],
  );
}
