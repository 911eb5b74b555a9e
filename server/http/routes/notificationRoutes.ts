import { listNotifications, markNotificationsRead } from '#server/services/notifications.ts';
import { notificationQuerySchema, notificationReadSchema } from '#src/domain/schemas/notification.ts';
import { defineRoute } from '../defineRoute.ts';

/** `/api/v2/notifications/...`: the caller's own notifications. */
export const notificationRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v2/notifications/get',
    operationId: 'getNotifications',
    summary: 'Page through the caller’s notifications',
    tag: 'Notifications',
    access: 'session',
    query: notificationQuerySchema,
    answer: { description: 'The notifications of the page and the unread count.' },
    handler: (_c, { ctx, actor, query }) => listNotifications(ctx, actor, query),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v2/notifications/read',
    operationId: 'markNotificationsRead',
    summary: 'Mark notifications read',
    tag: 'Notifications',
    access: 'session',
    body: { name: 'NotificationRead', schema: notificationReadSchema },
    answer: { description: '`updated`: how many were marked.' },
    handler: (_c, { ctx, actor, body }) => markNotificationsRead(ctx, actor, body),
  }),
];
