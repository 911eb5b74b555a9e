import { acceptLogs } from '#server/services/logStreams.ts';
import { pullGate } from '#server/services/pullGate.ts';
import { pull, push } from '#server/services/sync.ts';
import { logsPushSchema, pullQuerySchema, pushSchema } from '#src/domain/schemas/sync.ts';
import { defineRoute } from '../defineRoute.ts';

/** `/api/v2/sync/...`: pushing a device's changes, pulling the org's, and the device's log streams. */
export const syncRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/v2/sync/push',
    operationId: 'syncPush',
    summary: 'Push a device’s queued mutations',
    description:
      'Each mutation is applied or rejected on its own; a rejected one never holds up those behind it.',
    tag: 'Sync',
    access: 'session',
    body: { name: 'SyncPush', schema: pushSchema },
    answer: { description: 'The outcome of each mutation (applied, or rejected with a reason).' },
    handler: async (_c, { ctx, cache, caller, body }) => {
      const answer = await push(ctx, caller, body);
      // A user's roles or teams may have changed: cached callers must be reloaded.
      if (body.mutations.some((m) => m.name === 'user.edit.v1')) cache.clear();
      return answer;
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v2/sync/pull',
    operationId: 'syncPull',
    summary: 'Pull the changes after a cursor',
    tag: 'Sync',
    access: 'session',
    query: pullQuerySchema,
    answer: { description: 'The changes after the cursor and the cursor to pull from next.' },
    // A few at a time per process, so pushes never wait behind a crowd of pulls (pullGate.ts).
    handler: (_c, { ctx, caller, query }) =>
      pullGate(ctx.db, ctx.config.limits.pullsAtOnce).run(() => pull(ctx, caller, query)),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v2/sync/logs',
    operationId: 'syncLogs',
    summary: 'Upload a device’s sessions, events, errors and tracked paths',
    tag: 'Sync',
    access: 'session',
    body: { name: 'LogsPush', schema: logsPushSchema },
    answer: { description: 'What was stored.' },
    handler: (_c, { ctx, actor, body }) => acceptLogs(ctx, actor, body),
  }),
];
