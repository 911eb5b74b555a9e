/**
 * Who may create, change or delete the records of `record.save.v1` / `record.delete.v1`. Shared by
 * the app (to hide what a user cannot do) and the server (which decides). Records hanging off a
 * lead (notes, appointments, media, surveys) also need the lead in reach; the server checks that
 * with the lead's facts.
 */
import { sendsOutward, WEBHOOK_ACTION_DENIED } from './automations/runAs.ts';
import { type Action, type Actor, can, canExportLeads } from './permissions.ts';
import { PROPOSAL_LEAD_DENIED } from './proposals/statuses.ts';
import type { RecordTable } from './schemas/records.ts';
import { canChangeView } from './tableViews.ts';

export type RecordOperation = 'create' | 'edit' | 'delete';

/** The facts of a stored record the rules look at. */
export interface RecordFacts {
  created_by?: string | null;
  global?: boolean | null;
  /** Layouts: whose layout it is (none for a layout shared with the org), and whether it is global. */
  owner_id?: string | null;
  is_global?: boolean | null;
  /** Cards: whether a global or shared layout holds the card (the server looks it up). */
  in_global_layout?: boolean;
  /** Automations: what it does (one that calls a webhook sends leads out of the app). */
  actions?: unknown;
}

/**
 * Automations: for those who manage them; whoever saves one becomes who it runs as, so an
 * automation that calls a webhook may be saved only by someone who may send leads out of the app.
 */
function automationDenial(
  actor: Actor,
  operation: RecordOperation,
  record: RecordFacts | undefined,
  fields: Record<string, unknown>,
): string | undefined {
  if (!can(actor, 'automations.manage')) return 'Only admins can change this.';
  if (operation === 'delete') return undefined;
  const actions = fields.actions ?? record?.actions;
  if (Array.isArray(actions) && sendsOutward(actions) && !canExportLeads(actor)) return WEBHOOK_ACTION_DENIED;
  return undefined;
}

/**
 * Dashboard layouts and cards: everyone but Guests keeps their own; only admins (who may make
 * views global) set a layout global or change a global layout and its cards.
 */
function dashboardDenial(
  actor: Actor,
  table: 'layouts' | 'cards',
  operation: RecordOperation,
  record: RecordFacts | undefined,
  fields: Record<string, unknown>,
): string | undefined {
  if (actor.level === 'Guest') return 'Guests cannot save dashboards.';
  if (can(actor, 'views.global')) return undefined;
  if (table === 'layouts') {
    if (fields.is_global !== undefined && fields.is_global !== (record?.is_global ?? false))
      return 'Only admins can make a layout global.';
    if (operation === 'create' || !record) return undefined;
    if (record.is_global || !record.owner_id) return 'Only admins can change a global layout.';
    return record.owner_id === actor.user_id ? undefined : 'Only its owner can change this layout.';
  }
  if (operation === 'create' || !record) return undefined;
  if (record.in_global_layout) return 'Only admins can change a card of a global layout.';
  return record.created_by === actor.user_id ? undefined : 'Only its owner can change this card.';
}

/** Reference data of the org: only the action's holders change it. */
const MANAGED_BY: Partial<Record<RecordTable, Action>> = {
  teams: 'teams.manage',
  products: 'products.manage',
  sales_channels: 'salesChannels.manage',
  orgs: 'settings.manage',
  regions: 'regions.manage',
  survey_templates: 'settings.manage',
  announcements: 'announcements.manage',
  contests: 'contests.manage',
};

/** Tables whose records belong to a lead: whoever may work the lead adds to them. */
export const LEAD_RECORD_TABLES: ReadonlySet<RecordTable> = new Set([
  'notes',
  'appointments',
  'media',
  'surveys',
  'proposals',
]);

/**
 * What the caller must be allowed on the lead to write one of its records: a proposal is a lead
 * edit (its owner, energy consultants, their managers, admins); the rest follow status changes.
 */
export function leadRecordAction(table: RecordTable): Action {
  return table === 'proposals' ? 'contacts.edit' : 'contacts.status';
}

/**
 * Why the actor may not do this, or undefined when they may. `fields` are the fields being set
 * (they matter for views: making a view global needs an admin).
 */
export function recordDenial(
  actor: Actor,
  table: RecordTable,
  operation: RecordOperation,
  record: RecordFacts | undefined,
  fields: Record<string, unknown> = {},
): string | undefined {
  if (table === 'automations') return automationDenial(actor, operation, record, fields);
  const managedBy = MANAGED_BY[table];
  if (managedBy) return can(actor, managedBy) ? undefined : 'Only admins can change this.';
  if (table === 'table_views') {
    if (actor.level === 'Guest') return 'Guests cannot save views.';
    if (fields.global === true && !can(actor, 'views.global')) return 'Only admins can make a view global.';
    if (operation !== 'create' && record && !canChangeView(actor, record))
      return record.global
        ? 'Only admins can change a global view.'
        : 'Only the creator can change this view.';
    return undefined;
  }
  if (table === 'layouts' || table === 'cards')
    return dashboardDenial(actor, table, operation, record, fields);
  if (table === 'proposals') return can(actor, 'contacts.edit') ? undefined : PROPOSAL_LEAD_DENIED;
  if (LEAD_RECORD_TABLES.has(table)) {
    if (!can(actor, 'contacts.status')) return 'You do not have permission to change this lead.';
    // Changing or deleting someone else's note, appointment or file is for managers and admins.
    if (
      operation !== 'create' &&
      record?.created_by &&
      record.created_by !== actor.user_id &&
      !can(actor, 'contacts.delete')
    )
      return 'Only its author, their managers and admins can change this.';
    return undefined;
  }
  return 'Only admins can change this.';
}
