import { getUserConfig, writeUserConfig } from '#server/services/userConfigs.ts';
import { createWorkspace, listWorkspaces, updateWorkspace } from '#server/services/workspaces.ts';
import {
  userConfigFieldsSchema,
  userConfigQuerySchema,
  userConfigUpdateSchema,
  workspaceCreateSchema,
  workspaceQuerySchema,
  workspaceUpdateSchema,
} from '#src/domain/schemas/userConfig.ts';
import { defineRoute } from '../defineRoute.ts';

/**
 * The spec's "user config get, add and update" (the caller's own configuration) and "workspace
 * fetch, create and update" (the org's workspaces).
 */
export const userConfigRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v2/user-config',
    operationId: 'getUserConfig',
    summary: 'The caller’s configuration (an admin may name a user of their org)',
    tag: 'Configuration',
    access: 'session',
    query: userConfigQuerySchema,
    answer: { description: '`config`: the configuration, or null when there is none yet.' },
    handler: (_c, { ctx, actor, query }) => getUserConfig(ctx, actor, query.user_id),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v2/user-config/add',
    operationId: 'addUserConfig',
    summary: 'Create the caller’s configuration (409 when it exists)',
    tag: 'Configuration',
    access: 'session',
    body: { name: 'UserConfigAdd', schema: userConfigFieldsSchema },
    answer: { status: 201, description: '`config`: the configuration as stored.' },
    handler: (_c, { ctx, actor, body }) => writeUserConfig(ctx, actor, body, 'add'),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v2/user-config/update',
    operationId: 'updateUserConfig',
    summary: 'Replace the named fields of the caller’s configuration (last write wins per field)',
    tag: 'Configuration',
    access: 'session',
    body: { name: 'UserConfigUpdate', schema: userConfigUpdateSchema },
    answer: { description: '`config`: the configuration as stored.' },
    handler: (_c, { ctx, actor, body }) => writeUserConfig(ctx, actor, body, 'update'),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v2/workspaces',
    operationId: 'listWorkspaces',
    summary: 'The org’s workspaces, or the one with a key',
    tag: 'Configuration',
    access: 'session',
    query: workspaceQuerySchema,
    answer: { description: '`workspaces`: each with its key and `dash_data` per table.' },
    handler: (_c, { ctx, actor, query }) => listWorkspaces(ctx, actor, query),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v2/workspaces/create',
    operationId: 'createWorkspace',
    summary: 'Create a workspace (admins; 409 when the key exists)',
    tag: 'Configuration',
    access: 'session',
    body: { name: 'WorkspaceCreate', schema: workspaceCreateSchema },
    answer: { status: 201, description: '`workspace`: the workspace as stored.' },
    handler: (_c, { ctx, actor, body }) => createWorkspace(ctx, actor, body),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v2/workspaces/update',
    operationId: 'updateWorkspace',
    summary: 'Replace one table’s data in a workspace (admins)',
    tag: 'Configuration',
    access: 'session',
    body: { name: 'WorkspaceUpdate', schema: workspaceUpdateSchema },
    answer: { description: '`workspace`: the workspace as stored.' },
    handler: (_c, { ctx, actor, body }) => updateWorkspace(ctx, actor, body),
  }),
];
