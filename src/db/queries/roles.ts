/** The org's named roles on the device. */
import type { CrmDatabase } from '../database.ts';
import type { RoleRow } from '../rows.ts';

/** Live named roles, by name. */
export async function listRoles(db: CrmDatabase): Promise<RoleRow[]> {
  const rows = (await db.roles.toArray()) as RoleRow[];
  return rows
    .filter((r) => !r.deleted_at)
    .sort((a, b) => String(a.name ?? '').localeCompare(String(b.name ?? '')));
}
