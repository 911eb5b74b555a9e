import { cutRegionTurfs, deleteTurf, editTurf } from '#server/services/turfs.ts';
import { turfCutSchema, turfDeleteSchema, turfEditSchema } from '#src/domain/schemas/turfs.ts';
import { defineRoute } from '../defineRoute.ts';

const DOORS =
  '`assigned`: doors the reps took; `locked`: doors that stayed with the field rep who owns them; `out_of_reach`: doors the caller may not reassign, left as they were.';

/** `/api/v2/turfs/...`: a region's turfs (the region's managers and admins). */
export const turfRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/v2/turfs/cut',
    operationId: 'cutTurfs',
    summary: 'Cut a region into turfs and assign them (managers of the region, admins)',
    tag: 'Turfs',
    access: 'session',
    body: { name: 'TurfCut', schema: turfCutSchema },
    answer: {
      description: `\`data\`: \`turfs\`, the region's turfs as stored (they replace the ones it had); ${DOORS}`,
    },
    handler: async (_c, { ctx, actor, body }) => ({ data: await cutRegionTurfs(ctx, actor, body) }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v2/turfs/edit',
    operationId: 'editTurf',
    summary: 'Change a turf’s outline, name, colour or rep (managers of its region, admins)',
    tag: 'Turfs',
    access: 'session',
    body: { name: 'TurfEdit', schema: turfEditSchema },
    answer: { description: `\`data\`: \`turf\`, the turf as stored; ${DOORS}` },
    handler: async (_c, { ctx, actor, body }) => ({ data: await editTurf(ctx, actor, body) }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v2/turfs/delete',
    operationId: 'deleteTurf',
    summary: 'Delete a turf (managers of its region, admins)',
    tag: 'Turfs',
    access: 'session',
    body: { name: 'TurfDelete', schema: turfDeleteSchema },
    answer: { description: '`data`: the deleted turf.' },
    handler: async (_c, { ctx, actor, body }) => ({ data: await deleteTurf(ctx, actor, body) }),
  }),
];
