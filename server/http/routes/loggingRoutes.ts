import { registerSession, writeErrorLog } from '#server/services/logging.ts';
import { acceptLogs } from '#server/services/logStreams.ts';
import { errorLogSchema, sessionRegisterSchema } from '#src/domain/schemas/logging.ts';
import { eventSyncSchema } from '#src/domain/schemas/sync.ts';
import { defineRoute } from '../defineRoute.ts';

/** The spec's `notion` calls: session registration, error logging and the event sync. */
export const loggingRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/v2/notion/session',
    operationId: 'registerSession',
    summary: 'Register a device session and its fingerprint',
    tag: 'Logging',
    access: 'session',
    body: { name: 'SessionRegister', schema: sessionRegisterSchema },
    answer: { description: '`body`: the stored session.' },
    handler: async (_c, { ctx, caller, body }) => ({
      body: await registerSession(ctx, caller.actor, caller.user, body),
    }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v2/notion/log',
    operationId: 'logError',
    summary: 'Report an error seen on a device',
    tag: 'Logging',
    access: 'session',
    body: { name: 'ErrorLog', schema: errorLogSchema },
    answer: { status: 201, description: 'The report is stored.' },
    handler: async (_c, { ctx, caller, body }) => {
      await writeErrorLog(ctx, caller.actor, caller.user, body);
      return {};
    },
  }),
  // The spec's serverless event sync: the device log stream's own rules, under the spec's shape.
  defineRoute({
    method: 'post',
    path: '/api/v2/notion/event-sync',
    operationId: 'eventSync',
    summary: 'Send a device’s fingerprints, sessions, events and error logs',
    description:
      'Each record is stored once by its id; a session sent again only moves its end time later. The same streams as `/api/v2/sync/logs`.',
    tag: 'Logging',
    access: 'session',
    body: { name: 'EventSync', schema: eventSyncSchema },
    answer: { description: '`accepted`: how many of each stream were taken.' },
    handler: (_c, { ctx, actor, body }) =>
      acceptLogs(ctx, actor, { client_id: '', paths: [], path_points: [], ...body }),
  }),
];
