/**
 * Reassigning a lead to another owner. The permission table's `contacts.assign` says who may and
 * which leads it reaches; the new owner must be an active user of the caller's org and, for a
 * manager, themselves or a member of the teams they lead or manage. Device and server both ask
 * `reassignRefusal`, so the lead page, the bulk action and the server agree.
 */
import { type Actor, type ContactFacts, canOnContact, scopeOf } from './permissions.ts';

/** A prospective owner as the rule sees them. */
export interface AssigneeFacts {
  id: string;
  org_id: number;
  /** Neither deactivated nor deleted. */
  active: boolean;
}

/** Why a reassignment is refused. */
export type ReassignRefusal = 'not_allowed' | 'lead_out_of_reach' | 'inactive_user' | 'user_out_of_reach';

/** Whether the caller may reassign any lead at all (to show the controls). */
export function canReassignLeads(actor: Actor): boolean {
  return scopeOf(actor, 'contacts.assign') !== 'none';
}

/** Whether the caller may give this lead to another owner. */
export function canReassignLead(actor: Actor, lead: ContactFacts): boolean {
  return canOnContact(actor, 'contacts.assign', lead);
}

/** Whether the caller may make this user an owner: an active user of their org they reach. */
export function mayAssignTo(actor: Actor, user: AssigneeFacts): boolean {
  if (user.org_id !== actor.org_id || !user.active) return false;
  switch (scopeOf(actor, 'contacts.assign')) {
    case 'org':
      return true;
    case 'managed':
      return user.id === actor.user_id || actor.managed_member_ids.includes(user.id);
    default:
      return false;
  }
}

/** Why this lead may not go to this user (undefined: unknown user), or null when it may. */
export function reassignRefusal(
  actor: Actor,
  lead: ContactFacts,
  user: AssigneeFacts | undefined,
): ReassignRefusal | null {
  if (!canReassignLeads(actor)) return 'not_allowed';
  if (!canReassignLead(actor, lead)) return 'lead_out_of_reach';
  if (!user || user.org_id !== actor.org_id || !user.active) return 'inactive_user';
  if (!mayAssignTo(actor, user)) return 'user_out_of_reach';
  return null;
}

/** Whether a user record counts as active: not deleted, and neither status nor active turned off. */
export function isActiveUser(user: { deleted_at?: unknown; status?: unknown; active?: unknown }): boolean {
  return !user.deleted_at && user.status !== false && user.active !== false;
}
