/**
 * Who an automation acts as: the person who last saved it (its `created_by`, stamped again on every
 * save), with that person's own rights at the time of each run, never more. Whoever creates or
 * edits an automation takes it over, so nobody can make an automation act with someone else's
 * reach. A run whose author may not run it is skipped, its reason in the run log.
 */
import { type Actor, can, canExportLeads } from '../permissions.ts';
import type { AutomationAction } from './schemas.ts';

export const RUN_AS_SKIPPED = {
  unknown: 'Skipped: its author no longer exists.',
  deactivated: 'Skipped: its author is deactivated.',
  otherOrg: 'Skipped: its author belongs to another organisation.',
  noRight: 'Skipped: its author may no longer manage automations.',
  noExport:
    'Skipped: it calls a webhook, and its author may not send leads out of the app (that needs access to every lead).',
  leadOutOfReach: 'Skipped: the lead is outside what its author may see.',
} as const;

/** What an automation sends out of the app may only be set by someone who may export every lead. */
export const WEBHOOK_ACTION_DENIED =
  'Only admins and people who can see every lead can make an automation call a webhook.';

/** Webhook endpoints receive every new lead: their managers must be allowed to export leads. */
export const WEBHOOKS_DENIED = 'Only admins and people who can see every lead can manage webhooks.';

/** Whether any of the actions sends data out of the app. */
export function sendsOutward(actions: readonly Pick<AutomationAction, 'type'>[] | undefined): boolean {
  return (actions ?? []).some((a) => a.type === 'webhook');
}

/** The facts of the author's account that decide whether they may still act. */
export interface AuthorFacts {
  active: boolean;
  status: boolean;
  deleted_at: string | null;
}

/**
 * Why a run may not go ahead as its author, or undefined when it may. `actor` is the author's
 * actor as a signed-in request would build it (undefined when they could not sign in).
 */
export function runAsDenial(
  automation: { org_id: number; actions: readonly Pick<AutomationAction, 'type'>[] },
  author: AuthorFacts | undefined,
  actor: Actor | undefined,
): string | undefined {
  if (!author || author.deleted_at) return RUN_AS_SKIPPED.unknown;
  if (!author.active || !author.status || !actor) return RUN_AS_SKIPPED.deactivated;
  if (actor.org_id !== automation.org_id) return RUN_AS_SKIPPED.otherOrg;
  if (!can(actor, 'automations.manage')) return RUN_AS_SKIPPED.noRight;
  if (sendsOutward(automation.actions) && !canExportLeads(actor)) return RUN_AS_SKIPPED.noExport;
  return undefined;
}
