/**
 * The sign-in options (`GET /api/v2/auth/options`, public) and, when a client id is configured,
 * the third-party sign-in's two browser addresses: `/auth/oidc` sends the browser to the provider
 * and `/auth/oidc/callback` comes back from it. Both answer with redirects only, ending on the
 * sign-in page: `?oidc=1&return=…` once the session cookie is set (the app then reads the session
 * through token validation), or `?oidc_error=<reason>&return=…`.
 */
import { type Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { SESSION_SECONDS } from '#server/services/auth.ts';
import type { ServiceContext } from '#server/services/context.ts';
import { finishOidc, OIDC_FLOW_SECONDS, signInOptions, startOidc } from '#server/services/oidc.ts';
import { safeReturnPath } from '#src/domain/returnPath.ts';
import { SESSION_COOKIE } from '../callerAuth.ts';
import { defineRoute } from '../defineRoute.ts';

export const OIDC_FLOW_COOKIE = 'hs_oidc';
export const OIDC_CALLBACK_PATH = '/auth/oidc/callback';
const FLOW_COOKIE_PATH = '/auth/oidc';

export const authOptionRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v2/auth/options',
    operationId: 'signInOptions',
    summary: 'Which ways of signing in this server offers',
    description:
      'Email and password always; `oidc` names the third-party provider (its button label) when one is configured, else null. Its flow runs in the browser at `/auth/oidc` and `/auth/oidc/callback`.',
    tag: 'Auth',
    access: 'public',
    answer: { description: '`{password: true, oidc: {label} | null}`.' },
    handler: (_c, { ctx }) => signInOptions(ctx.config),
  }),
];

/** The third-party sign-in's browser addresses (not API calls: they answer with redirects). */

export function oidcRoutes(ctx: ServiceContext) {
  const app = new Hono();
  app.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });

  app.get('/', async (c) => {
    const redirect = ctx.config.oidc?.redirectUrl ?? `${new URL(c.req.url).origin}${OIDC_CALLBACK_PATH}`;
    let started: { url: string; flow: string };
    try {
      started = await startOidc(ctx, redirect, c.req.query('return'));
    } catch (err) {
      // The provider could not be reached or its discovery document is unusable.
      console.warn('Third-party sign-in could not start:', err instanceof Error ? err.message : err);
      return toLogin(c, { oidc_error: 'failed', return: c.req.query('return') });
    }
    setCookie(c, OIDC_FLOW_COOKIE, started.flow, {
      httpOnly: true,
      // Lax: the cookie comes back on the provider's top-level redirect to the callback.
      sameSite: 'Lax',
      secure: ctx.config.secureCookies,
      path: FLOW_COOKIE_PATH,
      maxAge: OIDC_FLOW_SECONDS,
    });
    return c.redirect(started.url, 302);
  });

  app.get('/callback', async (c) => {
    const sealed = getCookie(c, OIDC_FLOW_COOKIE);
    // One attempt per cookie: whatever happens next, it cannot be used again.
    deleteCookie(c, OIDC_FLOW_COOKIE, { path: FLOW_COOKIE_PATH });
    const query = new URL(c.req.url).searchParams;
    const result = await finishOidc(ctx, sealed, query, c.req.header('user-agent'));
    if (!result.ok) return toLogin(c, { oidc_error: result.reason, return: result.return });
    setCookie(c, SESSION_COOKIE, result.session.token, {
      httpOnly: true,
      sameSite: 'Lax',
      secure: ctx.config.secureCookies,
      path: '/',
      maxAge: SESSION_SECONDS,
    });
    return toLogin(c, { oidc: '1', return: result.return });
  });

  return app;
}

function toLogin(c: Context, params: Record<string, string | undefined>) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const kept = key === 'return' ? safeReturnPath(value) : value;
    if (kept && kept !== '/') query.set(key, kept);
  }
  return c.redirect(`/auth/login?${query}`, 302);
}
