/**
 * The legacy data service (SPEC section 7) under `/api/` with the spec's names and payloads:
 * `send-data`, `update-data`, `fetch-data`, `add-data-bulk`, `set_filter_global`,
 * `get_table_filters` and `add-user`. Each is signed in like any other call, or by the payload's
 * `auth_token` when the request carries no credentials of its own. Failures answer the spec's texts
 * with the real status and the precise reason; a signed-in call without a body answers
 * 'No body returned' (the `legacy` options of defineRoute).
 */

import { addDataBulk, sendData, targetOf, updateData } from '#server/services/legacyData.ts';
import { fetchData } from '#server/services/legacyFetch.ts';
import { setFilterGlobal, tableFilters } from '#server/services/legacyFilters.ts';
import { addUser } from '#server/services/users.ts';
import {
  addDataBulkSchema,
  fetchDataQuerySchema,
  LEGACY_FAILURE,
  legacyUserAddSchema,
  sendDataSchema,
  setFilterGlobalSchema,
  tableFiltersQuerySchema,
  updateDataSchema,
} from '#src/domain/schemas/legacyData.ts';
import { defineRoute } from '../defineRoute.ts';

const { add, update, get } = LEGACY_FAILURE;

export const legacyDataRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/send-data',
    operationId: 'legacySendData',
    summary: 'Add a document of a doc_type (legacy data service)',
    description:
      '`doc_type`: contacts (also leads, userleads), users, or a record table (teams, regions, products, sales_channels, notes, appointments, media, surveys, survey_templates, announcements, contests, layouts, cards, automations, proposals, table_views or filters, orgs); an unknown one is a 400. `doc_data`: the fields the v2 call or the record’s schema takes, with an optional `_id`, under their stored names or the spec’s (a note’s or appointment’s `lead_ref`, a proposal’s `ref`, a team’s `leader` and `region`); fields the server sets itself (creation, totals, `ref_id` of records) are accepted and left out. `user_id`, when sent, must be the signed-in user’s id or numeric id.',
    tag: 'Legacy data',
    access: 'session',
    legacy: { failure: add, requireBody: true },
    body: { name: 'SendData', schema: sendDataSchema },
    answer: {
      secret: true,
      status: 201,
      description: '`data`: the document as stored (and `invite_token` for a user invited).',
    },
    handler: async (_c, { ctx, caller, body }) => {
      const added = await sendData(ctx, caller, body);
      return { data: added.data, ...(added.invite_token ? { invite_token: added.invite_token } : {}) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/update-data',
    operationId: 'legacyUpdateData',
    summary: 'Change fields of a document (legacy data service)',
    description:
      '`_id`: the document; `doc_data`: only the fields that change, under the names send-data takes. Another org’s `_id`, or one the caller may not see, is a 404.',
    tag: 'Legacy data',
    access: 'session',
    legacy: { failure: update, requireBody: true },
    body: { name: 'UpdateData', schema: updateDataSchema },
    answer: { description: '`data`: the document as stored.' },
    handler: async (_c, { ctx, cache, caller, token, body }) => {
      const data = await updateData(ctx, caller, body, token);
      // A user's roles, teams or activity may have changed: cached callers are reloaded.
      if (targetOf(body.doc_type) === 'users') cache.clear();
      return { data };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/fetch-data',
    operationId: 'legacyFetchData',
    summary: 'Documents of a doc_type whose fields equal the given values (legacy data service)',
    description:
      'Every query parameter besides `doc_type`, `auth_token`, `user_id`, `limit` and `after` is a field and the value it must equal, by its name in the spec or in the stored document (`lead_ref` or `lead_id`; a list field matches when it holds the value; a user’s `id` is their numeric id). `user_id`, when sent, must be the signed-in user’s id or numeric id. Only documents the caller may read, never deleted ones. At most 100 a page, in `_id` order: pass the answer’s `next_after` as `after` for the next page.',
    tag: 'Legacy data',
    access: 'session',
    legacy: { failure: get },
    query: fetchDataQuerySchema,
    answer: {
      description:
        '`data`: the documents; `count`; `next_after`: the last `_id` when more may follow, else null.',
    },
    handler: (_c, { ctx, caller, query }) => fetchData(ctx, caller, query),
  }),
  defineRoute({
    method: 'post',
    path: '/api/add-data-bulk',
    operationId: 'legacyAddDataBulk',
    summary: 'Add up to 100 documents of one doc_type, all or none (legacy data service)',
    description:
      '`docs`: each what send-data takes as `doc_data`. All are added in one transaction: when one is refused nothing is stored, and the answer’s `index` (from 0) and `reason` say which document and why.',
    tag: 'Legacy data',
    access: 'session',
    legacy: { failure: add, requireBody: true },
    body: { name: 'AddDataBulk', schema: addDataBulkSchema },
    answer: { status: 201, description: '`data`: the documents as stored, in order; `count`.' },
    handler: async (_c, { ctx, caller, body }) => {
      const added = await addDataBulk(ctx, caller, body);
      return { data: added.map((a) => a.data), count: added.length };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/set_filter_global',
    operationId: 'legacySetFilterGlobal',
    summary: 'Make a saved table view global, or take it back (legacy data service)',
    description:
      '`filter_id`: the view; `filter_data`: its fields (name, table, properties, headers, groupings, is_workshop), needed with `name` and `table` when the view is new. Making a view global needs `views.global` (admins); `rep_id`, when sent, must be the signed-in user.',
    tag: 'Legacy data',
    access: 'session',
    legacy: { failure: update, requireBody: true },
    body: { name: 'SetFilterGlobal', schema: setFilterGlobalSchema },
    answer: { description: '`data`: the view, with `table`, `global` and `creator_ref`.' },
    handler: async (_c, { ctx, caller, body }) => ({ data: await setFilterGlobal(ctx, caller, body) }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/get_table_filters',
    operationId: 'legacyGetTableFilters',
    summary: 'The saved table views a rep sees: global ones and their own (legacy data service)',
    tag: 'Legacy data',
    access: 'session',
    legacy: { failure: get },
    query: tableFiltersQuerySchema,
    answer: { description: '`data`: the views, by table and name.' },
    handler: async (_c, { ctx, caller, query }) => ({ data: await tableFilters(ctx, caller, query) }),
  }),
  // The same service and rules as POST /api/v2/users/add.
  defineRoute({
    method: 'post',
    path: '/api/add-user',
    operationId: 'legacyAddUser',
    summary: 'Add a user, as POST /api/v2/users/add does (legacy data service; admins)',
    description: 'The body is that of POST /api/v2/users/add, plus the optional `auth_token`.',
    tag: 'Legacy data',
    access: 'session',
    legacy: { failure: add, requireBody: true },
    body: { name: 'LegacyUserAdd', schema: legacyUserAddSchema },
    answer: {
      secret: true,
      status: 201,
      description: '`data`: the user; `invite_token`: answered this once, for the invite link.',
    },
    handler: async (_c, { ctx, actor, body }) => {
      const { auth_token: _token, ...fields } = body;
      const added = await addUser(ctx, actor, fields);
      return { data: added.user, invite_token: added.invite_token };
    },
  }),
];
