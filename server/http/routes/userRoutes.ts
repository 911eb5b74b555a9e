import { Hono } from 'hono';
import {
  userAddSchema,
  userEditSchema,
  userMetaQuerySchema,
  userQuerySchema,
} from '../../../src/domain/schemas/user.ts';
import { userActivityQuerySchema, userPhotoSchema } from '../../../src/domain/schemas/userProfile.ts';
import type { ServiceContext } from '../../services/context.ts';
import { userActivity } from '../../services/userActivity.ts';
import { setProfilePhoto } from '../../services/userPhotos.ts';
import { addUser, editUser, getUsers, usersMeta } from '../../services/users.ts';
import type { AuthVariables, CallerCache } from '../callerAuth.ts';
import { ok } from '../respond.ts';
import { readJson, readQuery } from '../validate.ts';

export function userRoutes(ctx: ServiceContext, cache: CallerCache) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.get('/get', async (c) =>
    ok(c, { data: await getUsers(ctx, c.get('caller').actor, readQuery(c, userQuerySchema)) }),
  );
  app.post('/add', async (c) => {
    const added = await addUser(ctx, c.get('caller').actor, await readJson(c, userAddSchema));
    // The invite token is answered this once, to the admin who shows the link.
    return ok(c, { data: added.user, invite_token: added.invite_token }, 201);
  });
  app.get('/activity', async (c) =>
    ok(c, {
      data: await userActivity(ctx, c.get('caller').actor, readQuery(c, userActivityQuerySchema)._id),
    }),
  );
  app.post('/pfp', async (c) => {
    const answer = await setProfilePhoto(ctx, c.get('caller').actor, await readJson(c, userPhotoSchema));
    // A caller's own picture is part of their cached record.
    cache.clear();
    return ok(c, { data: answer });
  });
  app.post('/edit', async (c) => {
    const user = await editUser(ctx, c.get('caller').actor, await readJson(c, userEditSchema), {
      sessionToken: c.get('token'),
    });
    // Roles, teams or activity may have changed: cached callers must be reloaded.
    cache.clear();
    return ok(c, { data: user });
  });
  return app;
}

/** GET /api/users/meta?ids=… — names and pictures for showing who did something. */
export function userMetaRoutes(ctx: ServiceContext) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.get('/meta', async (c) =>
    ok(c, { data: await usersMeta(ctx, c.get('caller').actor, readQuery(c, userMetaQuerySchema).ids) }),
  );
  return app;
}
