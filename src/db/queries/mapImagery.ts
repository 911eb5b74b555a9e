import {
  MAP_IMAGERY_KEY,
  type MapImagerySetting,
  mapImagerySettingSchema,
} from '#src/domain/schemas/mapImagery.ts';
import type { CrmDatabase } from '../database.ts';

/**
 * The org's aerial imagery as last pulled (the `map_imagery` interface): null when the org has
 * none (the public USGS imagery), or when this device cannot read the one it has.
 */
export async function orgMapImagery(db: CrmDatabase): Promise<MapImagerySetting | null> {
  const row = await db.interfaces.where('key').equals(MAP_IMAGERY_KEY).first();
  const parsed = mapImagerySettingSchema.safeParse(row && !row.deleted_at ? row.data : undefined);
  return parsed.success ? parsed.data : null;
}
