/**
 * The spec's serverless functions (SPEC section 7) as v2 calls, behind the normal sign-in:
 * `/api/v2/activity` (get by `ref_id`, add, consolidated), `/api/v2/images/upload` ({image, name}
 * → {fileUrl}) and `/api/v2/leads-data/log` (the leads data logger). Editing a user and their
 * profile photo are `/api/v2/users/edit` and `/api/v2/users/pfp`.
 */

import { activityOf, addActivity, consolidatedActivity } from '#server/services/activityFeed.ts';
import { uploadImage } from '#server/services/imageUpload.ts';
import { logLeadData } from '#server/services/leadDataLog.ts';
import {
  activityAddSchema,
  activityGetQuerySchema,
  consolidatedQuerySchema,
  imageUploadSchema,
  leadDataLogSchema,
} from '#src/domain/schemas/activity.ts';
import { defineRoute } from '../defineRoute.ts';

export const activityRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v2/activity/get',
    operationId: 'getActivity',
    summary: 'What concerns a lead, or what a user did or was part of, newest first',
    description:
      '`ref_id`: a lead or a user the caller may see (else 404). Only activity the caller may see, as their sync pull carries it; `limit` up to 200 (default 50).',
    tag: 'Activity',
    access: 'session',
    query: activityGetQuerySchema,
    answer: { description: '`data`: the activities, newest first.' },
    handler: async (_c, { ctx, actor, query }) => ({
      data: await activityOf(ctx, actor, query.ref_id, query.limit),
    }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v2/activity/add',
    operationId: 'addActivity',
    summary: 'Record an activity (a call, a visit, …) as the caller',
    description:
      'On leads the caller may work and users of their org (else 404). Types the app records itself (status changes, weekly records, …) are refused.',
    tag: 'Activity',
    access: 'session',
    body: { name: 'ActivityAdd', schema: activityAddSchema },
    answer: { status: 201, description: '`data`: the activity as stored.' },
    handler: async (_c, { ctx, actor, body }) => ({ data: await addActivity(ctx, actor, body) }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v2/activity/consolidated',
    operationId: 'getConsolidatedActivity',
    summary: 'The consolidated feed of some teams, a region or a lead, newest first',
    description:
      'Exactly one of `team_ids` (comma-separated), `region_id` (its teams taken in) or `lead_id`: what the members did or were part of, what happened to the contacts, and what was done to the teams. Only activity the caller may see.',
    tag: 'Activity',
    access: 'session',
    query: consolidatedQuerySchema,
    answer: { description: '`data`: the activities, newest first.' },
    handler: async (_c, { ctx, actor, query }) => ({ data: await consolidatedActivity(ctx, actor, query) }),
  }),
  // The answer's `fileUrl` is where the picture is served, on this server.
  defineRoute({
    method: 'post',
    path: '/api/v2/images/upload',
    operationId: 'uploadImage',
    summary: 'Upload an image ({image, name}) and get where it is served',
    description:
      '`image`: a JPEG, PNG, WebP or GIF picture as base64 or a `data:` URL, at most 700 KB decoded. Kept as a file of the lead named by `lead_id` (seen by whoever sees the lead), else of the uploader alone; the address answers to a signed-in session.',
    tag: 'Activity',
    access: 'session',
    body: { name: 'ImageUpload', schema: imageUploadSchema },
    answer: { status: 201, description: '`fileUrl`: the image’s address; `_id`: its media record.' },
    handler: async (c, { ctx, actor, body }) => {
      const stored = await uploadImage(ctx, actor, body);
      return { _id: stored._id, fileUrl: new URL(stored.path, c.req.url).href };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v2/leads-data/log',
    operationId: 'logLeadData',
    summary: 'Log an event about a lead’s data (the leads data logger)',
    description:
      'Kept in the events stream with the lead as its `ref`; the lead must be one the caller may see. Sending the same `id` again changes nothing.',
    tag: 'Activity',
    access: 'session',
    body: { name: 'LeadDataLog', schema: leadDataLogSchema },
    answer: { status: 201, description: '`data`: `id`, `lead_id` and `type` of the event.' },
    handler: async (_c, { ctx, actor, body }) => ({ data: await logLeadData(ctx, actor, body) }),
  }),
];
