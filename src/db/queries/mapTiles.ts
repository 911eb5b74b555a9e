import { MAP_TILES_KEY, type MapTilesSetting, mapTilesSettingSchema } from '#src/domain/schemas/mapTiles.ts';
import type { CrmDatabase } from '../database.ts';

/**
 * The org's street base map as last pulled (the `map_tiles` interface): null when the org has
 * none, or when this device cannot read the one it has.
 */
export async function orgMapTiles(db: CrmDatabase): Promise<MapTilesSetting | null> {
  const row = await db.interfaces.where('key').equals(MAP_TILES_KEY).first();
  const parsed = mapTilesSettingSchema.safeParse(row && !row.deleted_at ? row.data : undefined);
  return parsed.success ? parsed.data : null;
}
