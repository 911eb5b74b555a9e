/**
 * Turfs: the part of a region one rep works. Who may read and change them, and which doors a
 * turf's rep takes when the turf is assigned. The device reads these to show what a user may do
 * and which doors are locked; the server decides with them.
 *
 * - Reading (`turfs.read`): a rep their own turf; a manager the turfs of the regions they manage
 *   (regions naming them a manager, and the regions of the teams they lead or manage) and of the
 *   members of their teams; an admin every turf of the org.
 * - Cutting, changing and deleting (`turfs.manage`): admins in any region; managers in the
 *   regions they manage. Every turf's rep must be someone the caller may give leads to
 *   (src/domain/leadAssignment.ts `mayAssignTo`: for a manager, themselves or a member of their teams).
 * - Locked doors: a door whose owner is an active field rep (access level User) stays with that
 *   rep, whatever turf it falls in. Every other door in a turf (no owner, an owner who left or was
 *   deactivated, or one owned by a manager or admin, e.g. whoever imported it) goes to the turf's
 *   rep when the turf is assigned, by the lead reassignment rule (`reassignRefusal`), so a manager
 *   moves only doors they may reassign.
 */
import { type AssigneeFacts, mayAssignTo } from './leadAssignment.ts';
import { type Actor, scopeOf } from './permissions.ts';
import type { AccessLevel } from './roles.ts';

/** The facts of a region the turf rules read. */
export interface TurfRegionFacts {
  id: string;
  manager_ids: readonly string[];
}

/** The facts of a team the turf rules read. */
export interface TurfTeamFacts {
  id: string;
  region_id: string | null;
}

/** The facts of a turf that decide who reaches it. */
export interface TurfFacts {
  org_id: number;
  user_id: string | null;
  region_id: string;
}

/**
 * The regions a manager manages: those naming them a manager, and those of the teams they lead or
 * manage. (Admins manage every region; this list is what a manager's reach is checked against.)
 */
export function managedRegionIds(
  actor: Actor,
  regions: readonly TurfRegionFacts[],
  teams: readonly TurfTeamFacts[],
): string[] {
  const ids = new Set<string>();
  for (const region of regions) if (region.manager_ids.includes(actor.user_id)) ids.add(region.id);
  for (const team of teams)
    if (team.region_id && actor.managed_team_ids.includes(team.id)) ids.add(team.region_id);
  return [...ids].sort();
}

/** Whether the caller may cut or change turfs anywhere (to show the controls). */
export function canManageTurfs(actor: Actor): boolean {
  return scopeOf(actor, 'turfs.manage') !== 'none';
}

/** Whether the caller may cut, change or delete the turfs of this region. */
export function canManageTurfsIn(actor: Actor, regionId: string, managedRegions: readonly string[]): boolean {
  switch (scopeOf(actor, 'turfs.manage')) {
    case 'org':
      return true;
    case 'managed':
      return managedRegions.includes(regionId);
    default:
      return false;
  }
}

/** Whether the caller may see this turf. */
export function canReadTurf(actor: Actor, turf: TurfFacts, managedRegions: readonly string[]): boolean {
  if (turf.org_id !== actor.org_id) return false;
  const own = turf.user_id === actor.user_id;
  switch (scopeOf(actor, 'turfs.read')) {
    case 'org':
      return true;
    case 'managed':
      return (
        own ||
        managedRegions.includes(turf.region_id) ||
        (turf.user_id !== null && actor.managed_member_ids.includes(turf.user_id))
      );
    case 'self':
    case 'owned':
    case 'assigned':
      return own;
    default:
      return false;
  }
}

/** Why a turf may not be saved, or deleted, by this caller. */
export type TurfRefusal = 'not_allowed' | 'region_out_of_reach' | 'inactive_rep' | 'rep_out_of_reach';

/**
 * Why the caller may not give this region a turf worked by `rep` (undefined: an unknown user), or
 * null when they may. Deleting checks the region only (`rep` omitted).
 */
export function turfRefusal(
  actor: Actor,
  regionId: string,
  managedRegions: readonly string[],
  rep?: AssigneeFacts | undefined | null,
): TurfRefusal | null {
  if (!canManageTurfs(actor)) return 'not_allowed';
  if (!canManageTurfsIn(actor, regionId, managedRegions)) return 'region_out_of_reach';
  if (rep === null) return null;
  if (!rep || rep.org_id !== actor.org_id || !rep.active) return 'inactive_rep';
  return mayAssignTo(actor, rep) ? null : 'rep_out_of_reach';
}

/** What the lock rule knows of a door's owner. */
export interface DoorOwnerFacts {
  level: AccessLevel;
  /** Neither deactivated nor deleted. */
  active: boolean;
}

/** The rep a door stays with whatever turf it is in, or null when it is free to go to the turf's rep. */
export function lockedTo(
  ownerId: string | null | undefined,
  owners: ReadonlyMap<string, DoorOwnerFacts>,
): string | null {
  if (!ownerId) return null;
  const owner = owners.get(ownerId);
  return owner?.active && owner.level === 'User' ? ownerId : null;
}

/** The owner a door in `repId`'s turf takes when the turf is assigned, or null when it keeps its own. */
export function turfOwnerFor(
  ownerId: string | null | undefined,
  repId: string,
  owners: ReadonlyMap<string, DoorOwnerFacts>,
): string | null {
  if (ownerId === repId || lockedTo(ownerId, owners)) return null;
  return repId;
}
