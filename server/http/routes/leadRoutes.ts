import { addLead, editLead, getDeletedLeads, getLeads } from '#server/services/leads.ts';
import {
  deletedLeadsQuerySchema,
  leadAddSchema,
  leadEditSchema,
  leadQuerySchema,
} from '#src/domain/schemas/lead.ts';
import { defineRoute } from '../defineRoute.ts';

/** `/api/v2/leads/...`. */
export const leadRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v2/leads/get',
    operationId: 'getLeads',
    summary: 'Search and page through leads',
    description: '`filters` holds JSON: the lead filters.',
    tag: 'Leads',
    access: 'session',
    query: leadQuerySchema,
    answer: {
      description:
        '`data`: the leads the caller may see, `count`, and `next_after` (the id to page after, or null).',
    },
    handler: (_c, { ctx, actor, query }) => getLeads(ctx, actor, query),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v2/leads/add',
    operationId: 'addLead',
    summary: 'Add a lead',
    description:
      "Without `owner_id` the caller owns the lead. With `owner_id: null` it is added without an owner and goes to the closer its appointment distribution rule chooses (its region's, else its team's); a lead the server places on the map by its address later is given then. With no rule, or nobody free under the rule's daily cap, it stays without an owner.",
    tag: 'Leads',
    access: 'session',
    body: { name: 'LeadAdd', schema: leadAddSchema },
    answer: { status: 201, description: '`data`: the lead as stored.' },
    handler: async (_c, { ctx, actor, body }) => ({ data: await addLead(ctx, actor, body) }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v2/leads/edit',
    operationId: 'editLead',
    summary: 'Change fields of a lead',
    tag: 'Leads',
    access: 'session',
    body: { name: 'LeadEdit', schema: leadEditSchema },
    answer: { description: '`data`: the lead as stored.' },
    handler: async (_c, { ctx, actor, body }) => ({ data: await editLead(ctx, actor, body) }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v2/leads/deleted',
    operationId: 'getDeletedLeads',
    summary: "List the org's deleted leads (admins)",
    description:
      'Newest delete first; `q` searches name, address, email and phone. Restore one with `POST /api/v2/leads/edit` and `deleted: false`.',
    tag: 'Leads',
    access: 'session',
    query: deletedLeadsQuerySchema,
    answer: {
      description:
        '`data`: each deleted lead’s id, name, address, phone, `deleted_at` and `deleted_by`; `count`.',
    },
    handler: (_c, { ctx, actor, query }) => getDeletedLeads(ctx, actor, query),
  }),
];
