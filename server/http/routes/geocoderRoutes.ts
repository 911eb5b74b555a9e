import { z } from 'zod';
import { setGeocoder } from '#server/services/geocoderSetting.ts';
import { geocoderSettingSchema } from '#src/domain/schemas/geocoder.ts';
import { defineRoute } from '../defineRoute.ts';

/** The org's address search (geocoder) choice; devices learn of it through sync. */
export const geocoderRoutes = [
  defineRoute({
    method: 'put',
    path: '/api/v2/map/geocoder',
    operationId: 'setGeocoder',
    summary:
      'Choose the address search of the org’s devices: public Photon, an own instance, or off (admins)',
    description:
      '`public` is Photon’s public instance (photon.komoot.io, the default); `photon` and `nominatim` name an org’s own instance by its https address; `off` leaves only the members’ own leads in the search. A Google Maps key in the build still wins.',
    tag: 'Map',
    access: 'session',
    body: { name: 'GeocoderChoice', schema: geocoderSettingSchema },
    answer: {
      description: '`data`: the address search setting.',
      schema: z.object({ data: geocoderSettingSchema }),
    },
    handler: async (_c, { ctx, actor, body }) => ({ data: await setGeocoder(ctx, actor, body) }),
  }),
];
