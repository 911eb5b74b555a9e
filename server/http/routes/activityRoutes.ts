/**
 * The spec's serverless functions (SPEC section 7) as v2 calls, behind the normal sign-in:
 * `/api/v2/activity` (get by `ref_id`, add, consolidated), `/api/v2/images/upload` ({image, name}
 * → {fileUrl}) and `/api/v2/leads-data/log` (the leads data logger). Editing a user and their
 * profile photo are `/api/v2/users/edit` and `/api/v2/users/pfp`.
 */
import { Hono } from 'hono';
import {
  activityAddSchema,
  activityGetQuerySchema,
  consolidatedQuerySchema,
  imageUploadSchema,
  leadDataLogSchema,
} from '../../../src/domain/schemas/activity.ts';
import { activityOf, addActivity, consolidatedActivity } from '../../services/activityFeed.ts';
import type { ServiceContext } from '../../services/context.ts';
import { uploadImage } from '../../services/imageUpload.ts';
import { logLeadData } from '../../services/leadDataLog.ts';
import type { AuthVariables } from '../callerAuth.ts';
import { ok } from '../respond.ts';
import { readJson, readQuery } from '../validate.ts';

/** `/api/v2/activity`. */
export function activityRoutes(ctx: ServiceContext) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.get('/get', async (c) => {
    const { ref_id, limit } = readQuery(c, activityGetQuerySchema);
    return ok(c, { data: await activityOf(ctx, c.get('caller').actor, ref_id, limit) });
  });
  app.post('/add', async (c) =>
    ok(c, { data: await addActivity(ctx, c.get('caller').actor, await readJson(c, activityAddSchema)) }, 201),
  );
  app.get('/consolidated', async (c) =>
    ok(c, {
      data: await consolidatedActivity(ctx, c.get('caller').actor, readQuery(c, consolidatedQuerySchema)),
    }),
  );
  return app;
}

/** `/api/v2/images/upload`: the answer's `fileUrl` is where the picture is served, on this server. */
export function imageRoutes(ctx: ServiceContext) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.post('/upload', async (c) => {
    const stored = await uploadImage(ctx, c.get('caller').actor, await readJson(c, imageUploadSchema));
    return ok(c, { _id: stored._id, fileUrl: new URL(stored.path, c.req.url).href }, 201);
  });
  return app;
}

/** `/api/v2/leads-data/log`. */
export function leadDataRoutes(ctx: ServiceContext) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.post('/log', async (c) =>
    ok(c, { data: await logLeadData(ctx, c.get('caller').actor, await readJson(c, leadDataLogSchema)) }, 201),
  );
  return app;
}
