/**
 * GET /api/v2/events/stream — server-sent events telling a signed-in device when its org has
 * something newer to pull (`event: poke`, data `{"version": N}`). The first poke names the org's
 * current version; a comment every 25 s keeps proxies from closing an idle stream. A super admin
 * acting in another org (`x-org-id`) hears that org. See server/services/liveUpdates.ts.
 *
 * A stream ends when its session is revoked (sign-out, a password change or reset, deactivation,
 * deletion; on any instance), when the session expires, and after 30 minutes at most. Streams are
 * capped per session, per user and per process (`ServerConfig.limits`): one past a cap is
 * answered 429 with Retry-After.
 */
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { sessionExpiry, tokenHash } from '../../services/auth.ts';
import type { ServiceContext } from '../../services/context.ts';
import { currentVersion, liveHub } from '../../services/liveUpdates.ts';
import { unauthenticated } from '../../services/serviceError.ts';
import type { AuthVariables } from '../callerAuth.ts';

export const HEARTBEAT_MS = 25_000;
/**
 * A stream ends after this long and the device opens a new one: its session is then checked
 * again, and streams spread over newly added instances.
 */
export const MAX_STREAM_MS = 30 * 60_000;

export function eventRoutes(ctx: ServiceContext) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.get('/stream', async (c) => {
    const caller = c.get('caller');
    const org = caller.actor.org_id;
    const token = c.get('token');
    const { limits } = ctx.config;
    let send: (version: number) => void = () => undefined;
    let latest = 0;
    let end: () => void = () => undefined;
    const ended = new Promise<void>((resolve) => {
      end = resolve;
    });
    // Listening starts before the current version is read, so a write committing in between is
    // announced by one or the other; and before the session is read again, so a sign-out
    // committing in between ends the stream by one or the other. A failure here is answered like
    // any database failure.
    const unsubscribe = await liveHub(ctx.db).subscribe(
      {
        org,
        user: caller.user.id,
        session: tokenHash(token),
        onChange: ({ version }) => {
          latest = Math.max(latest, version);
          send(version);
        },
        onEnd: () => end(),
      },
      {
        perSession: limits.streamsPerSession,
        perUser: limits.streamsPerUser,
        perProcess: limits.streamsPerProcess,
      },
    );
    let lifetime = MAX_STREAM_MS;
    try {
      const devKey = ctx.config.mode === 'development' && token === ctx.config.devKey;
      const expires = devKey ? undefined : await sessionExpiry(ctx, token);
      if (!devKey && !expires)
        throw unauthenticated('Your session has expired or is not valid. Please sign in again.');
      if (expires) lifetime = Math.min(lifetime, Math.max(0, expires.getTime() - ctx.now().getTime()));
      latest = Math.max(latest, await currentVersion(ctx.db, org));
    } catch (err) {
      unsubscribe();
      throw err;
    }
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      let sent = -1;
      send = (version) => {
        if (version <= sent) return;
        sent = version;
        void stream.writeSSE({ event: 'poke', data: JSON.stringify({ version }) });
      };
      stream.onAbort(() => end());
      send(latest);
      const heartbeat = setInterval(() => void stream.write(': heartbeat\n\n'), HEARTBEAT_MS);
      const expiry = setTimeout(end, lifetime);
      try {
        await ended;
      } finally {
        clearInterval(heartbeat);
        clearTimeout(expiry);
        unsubscribe();
      }
    });
  });
  return app;
}
