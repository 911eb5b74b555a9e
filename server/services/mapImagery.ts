/**
 * The org's aerial imagery: the `map_imagery` interface, which every device of the org pulls (the
 * USGS public-domain imagery when the org has none, a raster tile service an admin names, or
 * off). Only admins (`settings.manage`) change it. Devices fetch the tiles; the server never does.
 */
import { type Actor, can } from '#src/domain/permissions.ts';
import { MAP_IMAGERY_KEY, type MapImagerySetting } from '#src/domain/schemas/mapImagery.ts';
import type { ServiceContext } from './context.ts';
import { editInterface } from './interfaces.ts';
import { forbidden } from './serviceError.ts';

export async function setMapImagery(
  ctx: ServiceContext,
  actor: Actor,
  setting: MapImagerySetting,
): Promise<MapImagerySetting> {
  if (!can(actor, 'settings.manage')) throw forbidden('Only admins can change the aerial imagery.');
  const saved = await editInterface(ctx, actor, { key: MAP_IMAGERY_KEY, type: 'config', data: setting });
  return saved.data as MapImagerySetting;
}
