import { BRANDING_KEY, type Branding, brandingSchema } from '#src/domain/schemas/interfaces.ts';
import type { CrmDatabase } from '../database.ts';

export interface OrgBranding extends Branding {
  /** The org row's id on the device, for renaming it through the record commands. */
  org_row_id: string | null;
  org_name: string | null;
}

const NONE: Branding = { logo_url: null, primary_color: null };

/**
 * The caller's org as it presents itself: its name (the org record) and its logo and colour (the
 * `branding` interface), as last pulled. A configuration this device cannot read counts as none.
 */
export async function orgBranding(db: CrmDatabase, orgId: number): Promise<OrgBranding> {
  const [row, org] = await Promise.all([
    db.interfaces.where('key').equals(BRANDING_KEY).first(),
    db.orgs.filter((o) => o.id === orgId && !o.deleted_at).first(),
  ]);
  const parsed = brandingSchema.safeParse(row && !row.deleted_at ? row.data : undefined);
  return {
    ...(parsed.success ? parsed.data : NONE),
    org_row_id: org ? String(org._id) : null,
    org_name: org && typeof org.name === 'string' ? org.name : null,
  };
}
