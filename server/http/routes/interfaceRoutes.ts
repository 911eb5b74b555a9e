import { editInterface, getInterface } from '#server/services/interfaces.ts';
import { interfaceEditSchema, interfaceQuerySchema } from '#src/domain/schemas/interfaces.ts';
import { defineRoute } from '../defineRoute.ts';

/** `/api/v2/interfaces/...`: org-wide settings stored as interface documents. */
export const interfaceRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v2/interfaces/get',
    operationId: 'getInterface',
    summary: 'Read an interface document (org-wide setting) by key',
    tag: 'Interfaces',
    access: 'session',
    query: interfaceQuerySchema,
    answer: { description: 'The document.' },
    handler: (_c, { ctx, actor, query }) => getInterface(ctx, actor, query.key),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v2/interfaces/edit',
    operationId: 'editInterface',
    summary: 'Save an interface document (admins)',
    tag: 'Interfaces',
    access: 'session',
    body: { name: 'InterfaceEdit', schema: interfaceEditSchema },
    answer: { description: 'The document as stored.' },
    handler: (_c, { ctx, actor, body }) => editInterface(ctx, actor, body),
  }),
];
