import { GEOCODER_KEY, type GeocoderSetting, geocoderSettingSchema } from '#src/domain/schemas/geocoder.ts';
import type { CrmDatabase } from '../database.ts';

/**
 * The org's address search as last pulled (the `geocoder` interface): null when the org chose
 * none (the default geocoder then), or when this device cannot read the one it has.
 */
export async function orgGeocoder(db: CrmDatabase): Promise<GeocoderSetting | null> {
  const row = await db.interfaces.where('key').equals(GEOCODER_KEY).first();
  const parsed = geocoderSettingSchema.safeParse(row && !row.deleted_at ? row.data : undefined);
  return parsed.success ? parsed.data : null;
}
