/**
 * The calendar feed: the signed-in user makes, checks and revokes their feed address
 * (`/api/v2/calendar/feed`), and calendar apps read it without a session
 * (`/api/calendar/{token}.ics`, the secret token being the only key).
 */

import { z } from 'zod';
import { linkOrigin } from '#server/config.ts';
import { createFeed, feedCalendar, feedState, revokeFeed } from '#server/services/calendarFeeds.ts';
import { ServiceError } from '#server/services/serviceError.ts';
import {
  FEED_NOT_FOUND,
  FEED_TOKEN,
  feedFileSchema,
  feedStateSchema,
  newFeedSchema,
} from '#src/domain/schemas/calendarFeed.ts';
import { defineRoute } from '../defineRoute.ts';

const feedTokenSchema = z.object({
  token: z.string().regex(FEED_TOKEN).describe('The secret token of the feed address.'),
});

/** The plain-text 404 of the public feed, for any address under `/api/calendar/` it does not serve. */
export const calendarFeedNotFound = (c: { text(body: string, status: 404): Response }) =>
  c.text(FEED_NOT_FOUND, 404);

export const calendarRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v2/calendar/feed',
    operationId: 'getCalendarFeed',
    summary: 'Whether the caller has an active calendar feed',
    description: 'The feed’s address itself is answered only once, when it is made.',
    tag: 'Calendar',
    access: 'session',
    answer: { description: '`active` and `created_at`.', schema: feedStateSchema },
    handler: (_c, { ctx, actor }) => feedState(ctx, actor),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v2/calendar/feed',
    operationId: 'createCalendarFeed',
    summary: 'Make a new calendar feed address (turning off the previous one)',
    tag: 'Calendar',
    access: 'session',
    answer: {
      secret: true,
      status: 201,
      description: '`url`: the feed’s secret address, answered this once; `active` and `created_at`.',
      schema: newFeedSchema,
    },
    handler: (c, { ctx, actor }) => createFeed(ctx, actor, linkOrigin(ctx.config, c.req.url)),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v2/calendar/feed',
    operationId: 'revokeCalendarFeed',
    summary: 'Turn off the caller’s calendar feed',
    tag: 'Calendar',
    access: 'session',
    answer: { description: '`active: false`.', schema: feedStateSchema },
    handler: (_c, { ctx, actor }) => revokeFeed(ctx, actor),
  }),
  // No session, no cookies read: the file name's token is the only key.
  defineRoute({
    method: 'get',
    path: '/api/calendar/:id',
    docPath: { path: '/api/calendar/{token}.ics', params: feedTokenSchema },
    operationId: 'getCalendarFeedFile',
    summary: 'The calendar feed a calendar app subscribes to',
    description:
      'The secret token is the only key: no session, no cookies read. An unknown or turned-off feed answers 404 with a plain-text explanation.',
    tag: 'Calendar',
    access: 'public',
    answer: {
      description: 'The feed.',
      content: { contentType: 'text/calendar', description: 'The user’s appointments as iCalendar.' },
    },
    handler: async (c, { ctx }) => {
      const file = feedFileSchema.safeParse(c.req.param('id'));
      if (!file.success) return calendarFeedNotFound(c);
      try {
        const body = await feedCalendar(ctx, file.data.slice(0, -'.ics'.length));
        c.header('Content-Type', 'text/calendar; charset=utf-8');
        c.header('Content-Disposition', 'inline; filename="appointments.ics"');
        // Calendar apps poll; a few minutes of caching spares the server, and no shared cache keeps it.
        c.header('Cache-Control', 'private, max-age=300');
        c.header('Referrer-Policy', 'no-referrer');
        return c.body(body, 200);
      } catch (err) {
        if (err instanceof ServiceError && err.reason === 'not_found') return calendarFeedNotFound(c);
        throw err;
      }
    },
  }),
];
