/**
 * Deleting a lead and bringing it back. A delete is soft (the lead keeps its row with `deleted_at`
 * and leaves every list, pin and search); the one who deleted it may take it back for a while
 * ("Undo"), and an admin may restore any deleted lead of the org.
 */
import { type Actor, type ContactFacts, canOnContact, scopeOf } from './permissions.ts';

/** How long after a delete the one who deleted a lead may still take it back. */
export const UNDO_DELETE_MS = 15 * 60_000;

/** A deleted lead as the restore rule sees it: who last wrote it (the one who deleted it) and when. */
export interface DeletedLeadFacts extends ContactFacts {
  deleted_at: string | null;
  updated_by: string | null;
}

/** Whether the caller may delete this lead (the permission table's `contacts.delete`). */
export function canDeleteLead(actor: Actor, lead: ContactFacts): boolean {
  return canOnContact(actor, 'contacts.delete', lead);
}

/**
 * Whether the device should offer Delete: a scope that surely reaches the lead, or a manager's,
 * whose teams the device cannot fully tell (the server decides).
 */
export function offersLeadDelete(actor: Actor, lead: ContactFacts): boolean {
  const scope = scopeOf(actor, 'contacts.delete');
  return scope === 'managed' || canDeleteLead(actor, lead);
}

/** Whether the caller may see the org's deleted leads and restore any of them: admins only. */
export function canRestoreDeletedLeads(actor: Actor): boolean {
  return actor.level === 'Admin';
}

/**
 * Whether the caller may bring this deleted lead back: an admin of its org, or the one who deleted
 * it, still allowed to delete it, within `UNDO_DELETE_MS` of the delete.
 */
export function canRestoreLead(actor: Actor, lead: DeletedLeadFacts, now: Date): boolean {
  if (lead.org_id !== actor.org_id || !lead.deleted_at) return false;
  if (canRestoreDeletedLeads(actor)) return true;
  const since = now.getTime() - Date.parse(lead.deleted_at);
  return (
    lead.updated_by === actor.user_id &&
    canDeleteLead(actor, lead) &&
    Number.isFinite(since) &&
    since <= UNDO_DELETE_MS
  );
}
