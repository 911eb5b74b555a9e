import { repActivity, repSessions, touchSession } from '#server/services/sessions.ts';
import { repSessionsQuerySchema, updateSessionSchema } from '#src/domain/schemas/logging.ts';
import { defineRoute } from '../defineRoute.ts';

/**
 * `/api/v2/sessions/rep`: a rep's app sessions and recent error logs (the admin user page reads
 * it); `/api/update_session` and `/api/get_rep_sessions` (SPEC section 7, legacy data service).
 */
export const sessionRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v2/sessions/rep',
    operationId: 'getRepSessions',
    summary: 'A rep’s app sessions, recent events and error logs',
    description:
      'Reps see their own, managers their teams’ reps, admins anyone in the org. `rep_id`: the rep’s id or numeric id.',
    tag: 'Logging',
    access: 'session',
    query: repSessionsQuerySchema,
    answer: {
      description:
        '`sessions`: `_id`, `fingerprint`, `start_time`, `end_time`, newest first; `events`: the latest events (`type`, `table`, `ref`, `value`, `timestamp`); `errors`: the latest error logs.',
    },
    handler: (_c, { ctx, actor, query }) => repActivity(ctx, actor, query.rep_id),
  }),
  defineRoute({
    method: 'post',
    path: '/api/update_session',
    operationId: 'updateSession',
    summary: 'End or extend one of the caller’s own sessions (legacy data service)',
    description:
      'Sets the session’s end time to now. Another user’s session answers 404. Without a session cookie or `Authorization` header, the body’s `auth_token` signs the request in.',
    tag: 'Logging',
    access: 'session',
    legacy: {},
    body: { name: 'UpdateSession', schema: updateSessionSchema },
    answer: { description: '`data`: the session with its new end time.' },
    handler: async (_c, { ctx, actor, body }) => ({ data: await touchSession(ctx, actor, body._id) }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/get_rep_sessions',
    operationId: 'getRepSessionsLegacy',
    summary: 'A rep’s app sessions (legacy data service)',
    description:
      'Who may read whom as for `/api/v2/sessions/rep`. Without a session cookie or `Authorization` header, the query’s `auth_token` signs the request in.',
    tag: 'Logging',
    access: 'session',
    legacy: {},
    query: repSessionsQuerySchema,
    answer: { description: '`data`: the sessions, newest first.' },
    handler: async (_c, { ctx, actor, query }) => ({ data: await repSessions(ctx, actor, query.rep_id) }),
  }),
];
