import type { MiddlewareHandler } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { DEFAULT_LIMITS, describeLimit } from '#server/limits.ts';
import {
  acceptTerms,
  publishedTerms,
  SESSION_SECONDS,
  signIn,
  signOut,
  validateAnswer,
} from '#server/services/auth.ts';
import { publishTerms, readLegalDocument } from '#server/services/legal.ts';
import { invalid, notFound } from '#server/services/serviceError.ts';
import { acceptInvite } from '#server/services/userInvites.ts';
import { DEFAULT_ORG_ID } from '#src/domain/roles.ts';
import {
  acceptTermsSchema,
  legalDocumentParamsSchema,
  loginSchema,
  termsPublishSchema,
} from '#src/domain/schemas/auth.ts';
import { INT4_MAX } from '#src/domain/schemas/common.ts';
import { inviteAcceptSchema } from '#src/domain/schemas/invite.ts';
import { readToken, resolveCaller, SESSION_COOKIE } from '../callerAuth.ts';
import { defineRoute, type RouteContext, type RouteDeps } from '../defineRoute.ts';
import { clientAddress, RateLimiter, throttle, waitText } from '../rateLimit.ts';
import { json } from '../respond.ts';

/** The legal reads take `org` by hand: a positive whole number, the default org when absent. */
const termsQuerySchema = z.object({
  org: z
    .string()
    .regex(/^\d+$/)
    .optional()
    .describe('The org whose documents to show (default: the first org).'),
});

/** The org a legal read names in `?org=`, the default org when absent. */
function requestedOrg(c: RouteContext): number {
  const org = Number(c.req.query('org') ?? DEFAULT_ORG_ID);
  if (!Number.isInteger(org) || org <= 0 || org > INT4_MAX)
    throw invalid('org must be a positive whole number.');
  return org;
}

/** Invite attempts per client address, before anything is read: each try may cost a password hash. */
function inviteThrottle({ ctx }: RouteDeps): MiddlewareHandler {
  const invites = new RateLimiter(ctx.config.limits.invite);
  return async (c, next) => {
    throttle(
      invites,
      clientAddress(c),
      ctx.now().getTime(),
      (wait) => `Too many invite attempts from this address. Try again ${waitText(wait)}.`,
    );
    await next();
  };
}

/** Sign-in, sign-out, token validation, invites and the terms of service. */
export const authRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/v2/auth/login',
    operationId: 'login',
    summary: 'Sign in with email and password',
    description: 'Sets the session cookie and answers the token for bearer use.',
    tag: 'Auth',
    access: 'public',
    body: { name: 'Login', schema: loginSchema },
    answer: {
      secret: true,
      description: '`token`, `expires_at` and the signed-in user with their org, roles and permissions.',
    },
    handler: async (c, { ctx, body }) => {
      const session = await signIn(ctx, body.email, body.password, c.req.header('user-agent'));
      setCookie(c, SESSION_COOKIE, session.token, {
        httpOnly: true,
        sameSite: 'Lax',
        secure: ctx.config.secureCookies,
        path: '/',
        maxAge: SESSION_SECONDS,
      });
      return {
        token: session.token,
        expires_at: session.expires_at,
        ...(await validateAnswer(ctx, session.user, session.token)),
      };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v2/auth/logout',
    operationId: 'logout',
    summary: 'Sign out: end the session and clear its cookie',
    description: 'Answers success with or without a session.',
    tag: 'Auth',
    access: 'public',
    answer: { description: 'The session, if any, has ended.' },
    handler: async (c, { ctx, cache }) => {
      const token = readToken(c);
      if (token) {
        await signOut(ctx, token);
        cache.clear();
      }
      deleteCookie(c, SESSION_COOKIE, { path: '/' });
      return {};
    },
  }),
  // The spec's token validation: the answer must say active, else the token is invalid.
  defineRoute({
    method: 'post',
    path: '/api/v2/auth/validate',
    operationId: 'validateSession',
    summary: 'Check a session and read who it belongs to',
    description: 'Answers 401 with `active: false` when the session is missing, expired or revoked.',
    tag: 'Auth',
    access: 'session-answered',
    answer: {
      secret: true,
      description: '`active: true` and the signed-in user with their org, roles and permissions.',
    },
    handler: async (c, { ctx, cache }) => {
      const caller = await resolveCaller(ctx, cache, c);
      if (!caller) {
        return json(
          c,
          {
            success: false,
            active: false,
            message: 'Your session has expired or is not valid. Please sign in again.',
          },
          401,
        );
      }
      return validateAnswer(ctx, caller.user, readToken(c) ?? '');
    },
  }),
  // An invite link's password: public (the person has none yet); the app then signs in with it.
  defineRoute({
    method: 'post',
    path: '/api/v2/auth/invite',
    operationId: 'acceptInvite',
    summary: 'Set a password from an invite link',
    description: `Throttled per client address (${describeLimit(DEFAULT_LIMITS.invite)}): past it, 429 with Retry-After.`,
    tag: 'Auth',
    access: 'public',
    use: (deps) => [inviteThrottle(deps)],
    body: { name: 'InviteAccept', schema: inviteAcceptSchema },
    answer: { description: 'The email to sign in with.' },
    handler: (_c, { ctx, body }) => acceptInvite(ctx, body),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v2/auth/accept',
    operationId: 'acceptTerms',
    summary: 'Accept a version of the terms of service',
    tag: 'Auth',
    access: 'session',
    body: { name: 'AcceptTerms', schema: acceptTermsSchema },
    answer: { description: '`terms_accepted`: the version accepted.' },
    handler: async (_c, { ctx, cache, caller, body }) => {
      await acceptTerms(ctx, caller.user, body.tosVersion);
      cache.clear();
      return { terms_accepted: body.tosVersion };
    },
  }),
  // The current terms, public so the privacy modal can show them before sign-in completes.
  defineRoute({
    method: 'get',
    path: '/api/v2/legal/terms',
    operationId: 'getTerms',
    summary: 'Read the terms of service in force',
    tag: 'Auth',
    access: 'public',
    documentedQuery: termsQuerySchema,
    answer: { description: 'The version, title, content (sanitized HTML) and publication date.' },
    handler: async (c, { ctx }) => {
      const terms = await publishedTerms(ctx, requestedOrg(c));
      if (!terms) throw notFound('No terms have been published yet.');
      return { ...terms };
    },
  }),
  // The page /legal/{slug}: public, as the page is open without signing in.
  defineRoute({
    method: 'get',
    path: '/api/v2/legal/documents/:slug',
    operationId: 'getLegalDocument',
    summary: 'Read the legal document a page /legal/{slug} shows',
    description:
      'The newest version the org published under the slug; the privacy page shows the terms until a privacy document is published. 404 when the org has published nothing under it.',
    tag: 'Auth',
    access: 'public',
    params: legalDocumentParamsSchema,
    documentedQuery: termsQuerySchema,
    answer: {
      description:
        'The slug it was published under, version, title, content (sanitized HTML) and publication date.',
    },
    handler: async (c, { ctx, params }) => ({
      ...(await readLegalDocument(ctx, requestedOrg(c), params.slug)),
    }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v2/legal/terms',
    operationId: 'publishTerms',
    summary: 'Publish a new version of the terms (admins)',
    tag: 'Auth',
    access: 'session',
    body: { name: 'TermsPublish', schema: termsPublishSchema },
    answer: { description: 'The published terms.' },
    handler: async (_c, { ctx, actor, body }) => ({ ...(await publishTerms(ctx, actor, body)) }),
  }),
];
