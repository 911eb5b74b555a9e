import { userActivity, usersLastActive } from '#server/services/userActivity.ts';
import { setProfilePhoto } from '#server/services/userPhotos.ts';
import { addUser, editUser, getUsers, usersMeta } from '#server/services/users.ts';
import {
  userAddSchema,
  userEditSchema,
  userMetaQuerySchema,
  userQuerySchema,
} from '#src/domain/schemas/user.ts';
import {
  userActivityQuerySchema,
  userPhotoSchema,
  usersLastActiveQuerySchema,
} from '#src/domain/schemas/userProfile.ts';
import { defineRoute } from '../defineRoute.ts';

/** `/api/v2/users/...` and `GET /api/users/meta?ids=…` (names and pictures for showing who did something). */
export const userRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v2/users/get',
    operationId: 'getUsers',
    summary: 'Search the org’s users',
    tag: 'Users',
    access: 'session',
    query: userQuerySchema,
    answer: { description: '`data`: the users.' },
    handler: async (_c, { ctx, actor, query }) => ({ data: await getUsers(ctx, actor, query) }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v2/users/add',
    operationId: 'addUser',
    summary: 'Add a user and create their invite (admins)',
    tag: 'Users',
    access: 'session',
    body: { name: 'UserAdd', schema: userAddSchema },
    answer: {
      secret: true,
      status: 201,
      description: '`data`: the user; `invite_token`: answered this once, for the invite link.',
    },
    handler: async (_c, { ctx, actor, body }) => {
      const added = await addUser(ctx, actor, body);
      // The invite token is answered this once, to the admin who shows the link.
      return { data: added.user, invite_token: added.invite_token };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v2/users/activity',
    operationId: 'getUserActivity',
    summary: 'Read a user’s recent activity',
    tag: 'Users',
    access: 'session',
    query: userActivityQuerySchema,
    answer: { description: '`data`: the activity.' },
    handler: async (_c, { ctx, actor, query }) => ({ data: await userActivity(ctx, actor, query._id) }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v2/users/last-active',
    operationId: 'getUsersLastActive',
    summary: 'When each user the caller may see was last active',
    tag: 'Users',
    access: 'session',
    query: usersLastActiveQuerySchema,
    answer: { description: '`data`: each user’s last activity (ISO time, or null) by user id.' },
    handler: async (_c, { ctx, actor }) => ({ data: await usersLastActive(ctx, actor) }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v2/users/pfp',
    operationId: 'setUserPhoto',
    summary: 'Set a user’s profile picture from an uploaded media record',
    tag: 'Users',
    access: 'session',
    body: { name: 'UserPhoto', schema: userPhotoSchema },
    answer: { description: '`data`: the user’s new picture.' },
    handler: async (_c, { ctx, cache, actor, body }) => {
      const answer = await setProfilePhoto(ctx, actor, body);
      // A caller's own picture is part of their cached record.
      cache.clear();
      return { data: answer };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v2/users/edit',
    operationId: 'editUser',
    summary: 'Change a user’s profile, roles, teams or activity',
    tag: 'Users',
    access: 'session',
    body: { name: 'UserEdit', schema: userEditSchema },
    answer: { description: '`data`: the user as stored.' },
    handler: async (_c, { ctx, cache, actor, token, body }) => {
      const user = await editUser(ctx, actor, body, { sessionToken: token });
      // Roles, teams or activity may have changed: cached callers must be reloaded.
      cache.clear();
      return { data: user };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/users/meta',
    operationId: 'getUsersMeta',
    summary: 'Names and pictures of users, for showing who did something',
    tag: 'Users',
    access: 'session',
    query: userMetaQuerySchema,
    answer: { description: '`data`: name and picture of each user found.' },
    handler: async (_c, { ctx, actor, query }) => ({ data: await usersMeta(ctx, actor, query.ids) }),
  }),
];
