/**
 * The org's address search: the public Photon instance (the default), the org's own Photon or
 * Nominatim instance, or none. The choice is the org's `geocoder` interface, which every device
 * pulls; devices call the geocoder themselves for the map's search and dropped pins, and the server
 * calls it only to place leads that arrive with an address and no position (leadPlacement.ts).
 * Only admins (`settings.manage`) change it.
 */
import { type Actor, can } from '#src/domain/permissions.ts';
import { GEOCODER_KEY, type GeocoderSetting } from '#src/domain/schemas/geocoder.ts';
import type { ServiceContext } from './context.ts';
import { editInterface } from './interfaces.ts';
import { forbidden } from './serviceError.ts';

export async function setGeocoder(
  ctx: ServiceContext,
  actor: Actor,
  choice: GeocoderSetting,
): Promise<GeocoderSetting> {
  if (!can(actor, 'settings.manage')) throw forbidden('Only admins can change the address search.');
  await editInterface(ctx, actor, { key: GEOCODER_KEY, type: 'config', data: choice });
  return choice;
}
