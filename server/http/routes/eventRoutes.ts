/**
 * GET /api/v2/events/stream — server-sent events telling a signed-in device when its org has
 * something newer to pull (`event: poke`, data `{"version": N}`). The first poke names the org's
 * current version; an org's later pokes come at most every POKE_SPACING_MS, naming the highest
 * version committed; a comment every 25 s keeps proxies from closing an idle stream. A super admin
 * acting in another org (`x-org-id`) hears that org. See server/services/liveUpdates.ts.
 *
 * A stream ends when its session is revoked (sign-out, a password change or reset, deactivation,
 * deletion; on any instance), when the session expires, and after 30 minutes at most. Streams are
 * capped per session, per user and per process (`ServerConfig.limits`): one past a cap is
 * answered 429 with Retry-After.
 */
import { streamSSE } from 'hono/streaming';
import { DEFAULT_LIMITS } from '#server/limits.ts';
import { sessionExpiry, tokenHash } from '#server/services/auth.ts';
import { liveHub } from '#server/services/liveUpdates.ts';
import { POKE_SPACING_MS } from '#server/services/pokeSpacing.ts';
import { unauthenticated } from '#server/services/serviceError.ts';
import { pullableVersion } from '#server/services/versions.ts';
import { defineRoute } from '../defineRoute.ts';

export const HEARTBEAT_MS = 25_000;
/**
 * A stream ends after this long and the device opens a new one: its session is then checked
 * again, and streams spread over newly added instances.
 */
export const MAX_STREAM_MS = 30 * 60_000;

export const eventRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v2/events/stream',
    operationId: 'eventStream',
    summary: 'Hear when the org has something newer to pull',
    description: `Server-sent events: \`event: poke\` with data \`{"version": N}\`, at most one every ${POKE_SPACING_MS} ms (the highest version committed by then); a comment every 25 s keeps the stream open. The stream ends after 30 minutes (or when its session expires) and the device opens a new one; it ends at once when its session is signed out or otherwise revoked. At most ${DEFAULT_LIMITS.streamsPerSession} streams per session, ${DEFAULT_LIMITS.streamsPerUser} per user and ${DEFAULT_LIMITS.streamsPerProcess} per server process: one more is answered 429 with Retry-After.`,
    tag: 'Sync',
    access: 'session',
    answer: {
      description: 'The event stream.',
      content: { contentType: 'text/event-stream', description: 'Pokes naming the org’s newest version.' },
    },
    handler: async (c, { ctx, caller, token }) => {
      const org = caller.actor.org_id;
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
        latest = Math.max(latest, await pullableVersion(ctx.db, org));
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
    },
  }),
];
