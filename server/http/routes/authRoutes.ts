import { Hono } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { DEFAULT_ORG_ID } from '../../../src/domain/roles.ts';
import { acceptTermsSchema, loginSchema, termsPublishSchema } from '../../../src/domain/schemas/auth.ts';
import { INT4_MAX } from '../../../src/domain/schemas/common.ts';
import { inviteAcceptSchema } from '../../../src/domain/schemas/invite.ts';
import {
  acceptTerms,
  publishedTerms,
  SESSION_SECONDS,
  signIn,
  signOut,
  validateAnswer,
} from '../../services/auth.ts';
import type { ServiceContext } from '../../services/context.ts';
import { publishTerms } from '../../services/legal.ts';
import { invalid, notFound } from '../../services/serviceError.ts';
import { acceptInvite } from '../../services/userInvites.ts';
import {
  type AuthVariables,
  type CallerCache,
  readToken,
  requireCaller,
  resolveCaller,
  SESSION_COOKIE,
} from '../callerAuth.ts';
import { clientAddress, RateLimiter, throttle, waitText } from '../rateLimit.ts';
import { ok } from '../respond.ts';
import { readJson } from '../validate.ts';

export function authRoutes(ctx: ServiceContext, cache: CallerCache) {
  const app = new Hono<{ Variables: AuthVariables }>();

  app.post('/login', async (c) => {
    const { email, password } = await readJson(c, loginSchema);
    const session = await signIn(ctx, email, password, c.req.header('user-agent'));
    setCookie(c, SESSION_COOKIE, session.token, {
      httpOnly: true,
      sameSite: 'Lax',
      secure: ctx.config.secureCookies,
      path: '/',
      maxAge: SESSION_SECONDS,
    });
    return ok(c, {
      token: session.token,
      expires_at: session.expires_at,
      ...(await validateAnswer(ctx, session.user, session.token)),
    });
  });

  app.post('/logout', async (c) => {
    const token = readToken(c);
    if (token) {
      await signOut(ctx, token);
      cache.clear();
    }
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
    return ok(c, {});
  });

  // The spec's token validation: the answer must say active, else the token is invalid.
  app.post('/validate', async (c) => {
    const caller = await resolveCaller(ctx, cache, c);
    if (!caller) {
      return c.json(
        {
          success: false,
          active: false,
          message: 'Your session has expired or is not valid. Please sign in again.',
        },
        401,
      );
    }
    return ok(c, await validateAnswer(ctx, caller.user, readToken(c) ?? ''));
  });

  // An invite link's password: public (the person has none yet); the app then signs in with it.
  // Throttled per client address, before anything is read: each try may cost a password hash.
  const invites = new RateLimiter(ctx.config.limits.invite);
  app.post('/invite', async (c) => {
    throttle(
      invites,
      clientAddress(c),
      ctx.now().getTime(),
      (wait) => `Too many invite attempts from this address. Try again ${waitText(wait)}.`,
    );
    return ok(c, await acceptInvite(ctx, await readJson(c, inviteAcceptSchema)));
  });

  app.post('/accept', requireCaller(ctx, cache), async (c) => {
    const { tosVersion } = await readJson(c, acceptTermsSchema);
    const caller = c.get('caller');
    await acceptTerms(ctx, caller.user, tosVersion);
    cache.clear();
    return ok(c, { terms_accepted: tosVersion });
  });

  return app;
}

/**
 * The current terms document, public so the privacy modal can show it before sign-in completes;
 * admins publish new versions.
 */
export function legalRoutes(ctx: ServiceContext, cache: CallerCache) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.get('/terms', async (c) => {
    const org = Number(c.req.query('org') ?? DEFAULT_ORG_ID);
    if (!Number.isInteger(org) || org <= 0 || org > INT4_MAX)
      throw invalid('org must be a positive whole number.');
    const terms = await publishedTerms(ctx, org);
    if (!terms) throw notFound('No terms have been published yet.');
    return ok(c, { ...terms });
  });
  app.post('/terms', requireCaller(ctx, cache), async (c) => {
    const input = await readJson(c, termsPublishSchema);
    return ok(c, { ...(await publishTerms(ctx, c.get('caller').actor, input)) });
  });
  return app;
}
