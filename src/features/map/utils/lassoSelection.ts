import type { LeadRow } from '#src/db/rows.ts';
import { canReassignLead } from '#src/domain/leadAssignment.ts';
import type { Actor } from '#src/domain/permissions.ts';
import { contactFactsOf } from '#src/features/leads/index.ts';

/** A lasso's leads as "Assign to…" takes them: those this caller may reassign, and how many not. */
export interface LassoSelection {
  assignable: string[];
  /** Leads in the area the permission table keeps from this caller. */
  refused: number;
}

/**
 * Splits the leads in a drawn area by the rule the lead page and the table's "Assign to…" apply
 * (`contacts.assign` and its scope: a manager's teams, an admin's org). Deleted leads, and leads
 * no longer on the device (absent), are not part of the selection.
 */
export function lassoSelection(actor: Actor, leads: readonly (LeadRow | undefined)[]): LassoSelection {
  const selection: LassoSelection = { assignable: [], refused: 0 };
  for (const lead of leads) {
    if (!lead || lead.deleted_at) continue;
    if (canReassignLead(actor, contactFactsOf(actor, lead))) selection.assignable.push(lead._id);
    else selection.refused += 1;
  }
  return selection;
}
