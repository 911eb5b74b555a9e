/**
 * What the device knows of the terms from its last pull: the version in force (named on the org's
 * record when one is published) and the version the signed-in user's own record says they accepted.
 */
import { TERMS_VERSION_FIELD } from '#src/domain/legalDocuments.ts';
import type { CrmDatabase } from '../database.ts';

export interface SyncedTerms {
  /** The version the user's org has in force; null when no publication has reached the device. */
  inForce: string | null;
  /** The version the user's own record says they accepted. */
  accepted: string | null;
  /** The user's own org, whose terms they accept; null when their record is not on the device. */
  orgId: number | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** Read from the user's own org: a database of another org (a super admin acting there) knows neither. */
export async function syncedTerms(db: CrmDatabase, userId: string): Promise<SyncedTerms> {
  const self = await db.users.get(userId);
  const orgId = self && !self.deleted_at ? self.org_id : undefined;
  if (typeof orgId !== 'number') return { inForce: null, accepted: null, orgId: null };
  const org = await db.orgs.filter((o) => o.id === orgId && !o.deleted_at).first();
  return { inForce: text(org?.[TERMS_VERSION_FIELD]), accepted: text(self?.terms_accepted), orgId };
}
