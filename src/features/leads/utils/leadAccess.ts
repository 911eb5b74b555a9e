import type { LeadRow } from '#src/db/rows.ts';
import { type Actor, type ContactFacts, scopeOf } from '#src/domain/permissions.ts';

/**
 * Whether the device should offer editing the lead's own fields (utility data, milestones,
 * consultants). Owners and energy consultants may; managers may for their teams, which the device
 * cannot fully tell, so it offers and the server decides; status changes are open more widely.
 */
export function mayEditLeadFields(actor: Actor, lead: LeadRow): boolean {
  const scope = scopeOf(actor, 'contacts.edit');
  if (scope === 'org' || scope === 'managed') return true;
  if (scope !== 'owned') return false;
  const consultants = Array.isArray(lead.energy_consultants) ? (lead.energy_consultants as unknown[]) : [];
  return lead.owner_id === actor.user_id || consultants.includes(actor.user_id);
}

/** A device row's facts the permission rules read (the device holds only its own org's leads). */
export function contactFactsOf(actor: Actor, lead: LeadRow): ContactFacts {
  return {
    org_id: actor.org_id,
    owner_id: typeof lead.owner_id === 'string' ? lead.owner_id : null,
    energy_consultants: Array.isArray(lead.energy_consultants) ? (lead.energy_consultants as string[]) : [],
    team_id: typeof lead.team_id === 'string' ? lead.team_id : null,
    region_id: typeof lead.region_id === 'string' ? lead.region_id : null,
  };
}
