import { addRole, deleteRole, editRole, listRoles } from '#server/services/roles.ts';
import { roleAddSchema, roleDeleteSchema, roleEditSchema } from '#src/domain/schemas/roles.ts';
import { defineRoute } from '../defineRoute.ts';

/** `/api/v2/roles/...`: the org's named roles (admins only). */
export const roleRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v2/roles/get',
    operationId: 'listRoles',
    summary: 'List the org’s roles (admins)',
    tag: 'Roles',
    access: 'session',
    answer: { description: '`data`: the roles with their permissions.' },
    handler: async (_c, { ctx, actor }) => ({ data: await listRoles(ctx, actor) }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v2/roles/add',
    operationId: 'addRole',
    summary: 'Add a role (admins)',
    tag: 'Roles',
    access: 'session',
    body: { name: 'RoleAdd', schema: roleAddSchema },
    answer: { status: 201, description: '`data`: the role as stored.' },
    handler: async (_c, { ctx, actor, body }) => ({ data: await addRole(ctx, actor, body) }),
  }),
  // What a role grants changes for everyone holding it: cached callers must be reloaded.
  defineRoute({
    method: 'post',
    path: '/api/v2/roles/edit',
    operationId: 'editRole',
    summary: 'Rename a role or change what it grants (admins)',
    tag: 'Roles',
    access: 'session',
    body: { name: 'RoleEdit', schema: roleEditSchema },
    answer: { description: '`data`: the role as stored.' },
    handler: async (_c, { ctx, cache, actor, body }) => {
      const role = await editRole(ctx, actor, body);
      cache.clear();
      return { data: role };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v2/roles/delete',
    operationId: 'deleteRole',
    summary: 'Delete a role (admins)',
    tag: 'Roles',
    access: 'session',
    body: { name: 'RoleDelete', schema: roleDeleteSchema },
    answer: { description: '`data`: the deleted role.' },
    handler: async (_c, { ctx, cache, actor, body }) => {
      const deleted = await deleteRole(ctx, actor, body);
      cache.clear();
      return { data: deleted };
    },
  }),
];
