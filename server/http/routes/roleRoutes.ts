import { Hono } from 'hono';
import { roleAddSchema, roleDeleteSchema, roleEditSchema } from '../../../src/domain/schemas/roles.ts';
import type { ServiceContext } from '../../services/context.ts';
import { addRole, deleteRole, editRole, listRoles } from '../../services/roles.ts';
import type { AuthVariables, CallerCache } from '../callerAuth.ts';
import { ok } from '../respond.ts';
import { readJson } from '../validate.ts';

/** `/api/v2/roles/...`: the org's named roles (admins only). */
export function roleRoutes(ctx: ServiceContext, cache: CallerCache) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.get('/get', async (c) => ok(c, { data: await listRoles(ctx, c.get('caller').actor) }));
  app.post('/add', async (c) =>
    ok(c, { data: await addRole(ctx, c.get('caller').actor, await readJson(c, roleAddSchema)) }, 201),
  );
  // What a role grants changes for everyone holding it: cached callers must be reloaded.
  app.post('/edit', async (c) => {
    const role = await editRole(ctx, c.get('caller').actor, await readJson(c, roleEditSchema));
    cache.clear();
    return ok(c, { data: role });
  });
  app.post('/delete', async (c) => {
    const deleted = await deleteRole(ctx, c.get('caller').actor, await readJson(c, roleDeleteSchema));
    cache.clear();
    return ok(c, { data: deleted });
  });
  return app;
}
