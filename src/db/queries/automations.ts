/** What the automation screens read on the device: the org's automations (synced to admins). */
import type { AutomationAction, Conditions, Trigger } from '#src/domain/automations/schemas.ts';
import type { CrmDatabase } from '../database.ts';

/** An automation as pulled (server/db/schema.ts `automations`), fields possibly absent on a new row. */
export interface AutomationRow {
  _id: string;
  name?: string;
  description?: string;
  enabled?: boolean;
  trigger?: Trigger;
  conditions?: Conditions;
  actions?: AutomationAction[];
  /** Who it runs as: whoever saved it last. */
  created_by?: string | null;
  created_at?: string;
  deleted_at?: string | null;
}

/** Every automation on the device that is not deleted, by name. */
export async function listAutomations(db: CrmDatabase): Promise<AutomationRow[]> {
  const rows = (await db.automations.toArray()) as unknown as AutomationRow[];
  return rows
    .filter((row) => !row.deleted_at)
    .sort((a, b) => (a.name ?? '').localeCompare(b.name ?? '') || a._id.localeCompare(b._id));
}

/** The automation with this id on the device, deleted or not. */
export async function getAutomation(db: CrmDatabase, id: string): Promise<AutomationRow | undefined> {
  return (await db.automations.get(id)) as unknown as AutomationRow | undefined;
}
