/**
 * The legacy data service (SPEC section 7) under `/api/` with the spec's names and payloads:
 * `send-data`, `update-data`, `fetch-data`, `add-data-bulk`, `set_filter_global`,
 * `get_table_filters` and `add-user`. Each is signed in like any other call, or by the payload's
 * `auth_token` when the request carries no credentials of its own (`legacyAuthToken`). Failures
 * answer the spec's texts (`legacyFailure`) with the real status and the precise reason; a signed-in
 * call without a body answers 'No body returned'.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import {
  addDataBulkSchema,
  fetchDataQuerySchema,
  LEGACY_FAILURE,
  legacyUserAddSchema,
  sendDataSchema,
  setFilterGlobalSchema,
  tableFiltersQuerySchema,
  updateDataSchema,
} from '../../../src/domain/schemas/legacyData.ts';
import type { ServiceContext } from '../../services/context.ts';
import { addDataBulk, sendData, targetOf, updateData } from '../../services/legacyData.ts';
import { fetchData } from '../../services/legacyFetch.ts';
import { setFilterGlobal, tableFilters } from '../../services/legacyFilters.ts';
import { addUser } from '../../services/users.ts';
import type { AuthVariables, CallerCache } from '../callerAuth.ts';
import { legacyFailure, requireBody } from '../legacyAnswers.ts';
import { legacyAuthToken } from '../legacyAuth.ts';
import { ok } from '../respond.ts';
import { readJson, readQuery } from '../validate.ts';

export function legacyDataRoutes(
  ctx: ServiceContext,
  authed: MiddlewareHandler<{ Variables: AuthVariables }>,
  cache: CallerCache,
) {
  const app = new Hono<{ Variables: AuthVariables }>();
  const { add, update, get } = LEGACY_FAILURE;

  app.post('/send-data', legacyFailure(add), legacyAuthToken, authed, requireBody, async (c) => {
    const added = await sendData(ctx, c.get('caller'), await readJson(c, sendDataSchema));
    return ok(
      c,
      { data: added.data, ...(added.invite_token ? { invite_token: added.invite_token } : {}) },
      201,
    );
  });

  app.post('/update-data', legacyFailure(update), legacyAuthToken, authed, requireBody, async (c) => {
    const input = await readJson(c, updateDataSchema);
    const data = await updateData(ctx, c.get('caller'), input, c.get('token'));
    // A user's roles, teams or activity may have changed: cached callers are reloaded.
    if (targetOf(input.doc_type) === 'users') cache.clear();
    return ok(c, { data });
  });

  app.get('/fetch-data', legacyFailure(get), legacyAuthToken, authed, async (c) =>
    ok(c, await fetchData(ctx, c.get('caller').actor, readQuery(c, fetchDataQuerySchema))),
  );

  app.post('/add-data-bulk', legacyFailure(add), legacyAuthToken, authed, requireBody, async (c) => {
    const added = await addDataBulk(ctx, c.get('caller'), await readJson(c, addDataBulkSchema));
    return ok(c, { data: added.map((a) => a.data), count: added.length }, 201);
  });

  app.post('/set_filter_global', legacyFailure(update), legacyAuthToken, authed, requireBody, async (c) =>
    ok(c, { data: await setFilterGlobal(ctx, c.get('caller'), await readJson(c, setFilterGlobalSchema)) }),
  );

  app.get('/get_table_filters', legacyFailure(get), legacyAuthToken, authed, async (c) =>
    ok(c, { data: await tableFilters(ctx, c.get('caller'), readQuery(c, tableFiltersQuerySchema)) }),
  );

  // The same service and rules as POST /api/v2/users/add.
  app.post('/add-user', legacyFailure(add), legacyAuthToken, authed, requireBody, async (c) => {
    const { auth_token: _token, ...fields } = await readJson(c, legacyUserAddSchema);
    const added = await addUser(ctx, c.get('caller').actor, fields);
    return ok(c, { data: added.user, invite_token: added.invite_token }, 201);
  });

  return app;
}
