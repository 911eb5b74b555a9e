/**
 * The calendar feed: the signed-in user makes, checks and revokes their feed address
 * (`/api/v2/calendar/feed`, behind sign-in), and calendar apps read it without a session
 * (`/api/calendar/{token}.ics`, the secret token being the only key).
 */
import { Hono } from 'hono';
import { FEED_NOT_FOUND, feedFileSchema } from '../../../src/domain/schemas/calendarFeed.ts';
import { createFeed, feedCalendar, feedState, revokeFeed } from '../../services/calendarFeeds.ts';
import type { ServiceContext } from '../../services/context.ts';
import { ServiceError } from '../../services/serviceError.ts';
import type { AuthVariables } from '../callerAuth.ts';
import { ok } from '../respond.ts';

/** `/api/v2/calendar`: the signed-in user's own feed. */
export function calendarFeedRoutes(ctx: ServiceContext) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.get('/feed', async (c) => ok(c, await feedState(ctx, c.get('caller').actor)));
  app.post('/feed', async (c) =>
    ok(c, await createFeed(ctx, c.get('caller').actor, new URL(c.req.url).origin), 201),
  );
  app.delete('/feed', async (c) => ok(c, await revokeFeed(ctx, c.get('caller').actor)));
  return app;
}

const notFoundText = (c: { text(body: string, status: 404): Response }) => c.text(FEED_NOT_FOUND, 404);

/** `/api/calendar`: the public feed a calendar app subscribes to (no session, no cookies read). */
export function publicCalendarRoutes(ctx: ServiceContext) {
  const app = new Hono();
  app.get('/:id', async (c) => {
    const file = feedFileSchema.safeParse(c.req.param('id'));
    if (!file.success) return notFoundText(c);
    try {
      const body = await feedCalendar(ctx, file.data.slice(0, -'.ics'.length));
      c.header('Content-Type', 'text/calendar; charset=utf-8');
      c.header('Content-Disposition', 'inline; filename="appointments.ics"');
      // Calendar apps poll; a few minutes of caching spares the server, and no shared cache keeps it.
      c.header('Cache-Control', 'private, max-age=300');
      c.header('Referrer-Policy', 'no-referrer');
      return c.body(body, 200);
    } catch (err) {
      if (err instanceof ServiceError && err.reason === 'not_found') return notFoundText(c);
      throw err;
    }
  });
  app.all('/*', (c) => notFoundText(c));
  return app;
}
