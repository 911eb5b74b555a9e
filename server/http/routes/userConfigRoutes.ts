import { Hono } from 'hono';
import {
  userConfigAddSchema,
  userConfigQuerySchema,
  userConfigUpdateSchema,
  workspaceCreateSchema,
  workspaceQuerySchema,
  workspaceUpdateSchema,
} from '../../../src/domain/schemas/userConfig.ts';
import type { ServiceContext } from '../../services/context.ts';
import { getUserConfig, writeUserConfig } from '../../services/userConfigs.ts';
import { createWorkspace, listWorkspaces, updateWorkspace } from '../../services/workspaces.ts';
import type { AuthVariables } from '../callerAuth.ts';
import { ok } from '../respond.ts';
import { readJson, readQuery } from '../validate.ts';

/** The spec's "user config get, add and update": the caller's own configuration. */
export function userConfigRoutes(ctx: ServiceContext) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.get('/', async (c) =>
    ok(c, await getUserConfig(ctx, c.get('caller').actor, readQuery(c, userConfigQuerySchema).user_id)),
  );
  app.post('/add', async (c) =>
    ok(
      c,
      await writeUserConfig(ctx, c.get('caller').actor, await readJson(c, userConfigAddSchema), 'add'),
      201,
    ),
  );
  app.post('/update', async (c) =>
    ok(
      c,
      await writeUserConfig(ctx, c.get('caller').actor, await readJson(c, userConfigUpdateSchema), 'update'),
    ),
  );
  return app;
}

/** The spec's "workspace fetch, create and update": the org's workspaces. */
export function workspaceRoutes(ctx: ServiceContext) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.get('/', async (c) =>
    ok(c, await listWorkspaces(ctx, c.get('caller').actor, readQuery(c, workspaceQuerySchema))),
  );
  app.post('/create', async (c) =>
    ok(c, await createWorkspace(ctx, c.get('caller').actor, await readJson(c, workspaceCreateSchema)), 201),
  );
  app.post('/update', async (c) =>
    ok(c, await updateWorkspace(ctx, c.get('caller').actor, await readJson(c, workspaceUpdateSchema))),
  );
  return app;
}
