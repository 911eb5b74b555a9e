/**
 * Third-party sign-in through OpenID Connect (authorization code flow with PKCE, state and nonce).
 * Nothing of an attempt is kept on the server: its state, nonce, PKCE verifier, return path and
 * expiry travel sealed (secretBox: encrypted and authenticated) in a short-lived HttpOnly cookie,
 * so any server instance can finish what another started. An account is never created here: the
 * provider's account (issuer and subject) is linked to an existing active user by a verified email
 * address at its first sign-in, and from then on a sign-in needs both that link and the user's
 * email (`linkedUser`).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import * as client from 'openid-client';
import type { OidcFailure } from '#src/domain/oidcFailures.ts';
import { safeReturnPath } from '#src/domain/returnPath.ts';
import { isLocalAddress, type OidcConfig, type ServerConfig } from '../config.ts';
import { userOidcIdentities, users } from '../db/schema.ts';
import type { UserRow } from './actors.ts';
import { type SignIn, startSession } from './auth.ts';
import type { ServiceContext } from './context.ts';
import { secretBoxOf } from './secretBox.ts';

/** How long someone has to finish signing in at the provider. */
export const OIDC_FLOW_SECONDS = 10 * 60;
export const OIDC_SCOPE = 'openid email profile';

/** Why a sign-in was refused; the sign-in page shows each in the user's language. */
export type { OidcFailure };

interface Flow {
  state: string;
  nonce: string;
  verifier: string;
  redirect: string;
  return: string;
  /** Expiry, ms since the epoch. */
  exp: number;
}

/** The sign-in options the sign-in page offers. */
export function signInOptions(config: ServerConfig): { password: true; oidc: { label: string } | null } {
  return { password: true, oidc: config.oidc ? { label: config.oidc.label } : null };
}

const discovered = new WeakMap<OidcConfig, Promise<client.Configuration>>();

/** The provider's configuration, read once from its discovery document (again after a failure). */
function providerOf(oidc: OidcConfig): Promise<client.Configuration> {
  let found = discovered.get(oidc);
  if (!found) {
    const issuer = new URL(oidc.issuer);
    found = client
      .discovery(
        issuer,
        oidc.clientId,
        undefined,
        oidc.clientSecret ? client.ClientSecretBasic(oidc.clientSecret) : client.None(),
        // Plain http is allowed only for a provider on this machine (config refuses any other).
        isLocalAddress(issuer) ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .then((config) => {
        // The ID token's signature is checked against the provider's published keys too.
        client.enableNonRepudiationChecks(config);
        return config;
      });
    discovered.set(oidc, found);
    found.catch(() => discovered.delete(oidc));
  }
  return found;
}

/**
 * Starts a sign-in: the provider's address to send the browser to, and the sealed attempt to keep
 * in the cookie. `returnTo` is kept only when it is a path on this site.
 */
export async function startOidc(
  ctx: ServiceContext,
  redirect: string,
  returnTo: string | undefined,
): Promise<{ url: string; flow: string }> {
  const oidc = requireOidc(ctx.config);
  const provider = await providerOf(oidc);
  const flow: Flow = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    verifier: client.randomPKCECodeVerifier(),
    redirect,
    return: safeReturnPath(returnTo) ?? '/',
    exp: ctx.now().getTime() + OIDC_FLOW_SECONDS * 1000,
  };
  const url = client.buildAuthorizationUrl(provider, {
    redirect_uri: redirect,
    scope: OIDC_SCOPE,
    state: flow.state,
    nonce: flow.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
    code_challenge_method: 'S256',
  });
  return { url: url.href, flow: secretBoxOf(ctx.config).seal(JSON.stringify(flow), 'oidc.flow') };
}

export type OidcResult =
  | { ok: true; session: SignIn; return: string }
  | { ok: false; reason: OidcFailure; return: string };

/**
 * Finishes a sign-in from the provider's answer (`query`, the callback's query string) and the
 * sealed attempt from the cookie. The state, the PKCE verifier, the nonce, the ID token's issuer,
 * audience, expiry and signature are all checked; the provider refuses a code used twice.
 */
export async function finishOidc(
  ctx: ServiceContext,
  sealedFlow: string | undefined,
  query: URLSearchParams,
  userAgent: string | undefined,
): Promise<OidcResult> {
  const oidc = requireOidc(ctx.config);
  const flow = openFlow(ctx, sealedFlow);
  if (!flow) return { ok: false, reason: 'failed', return: '/' };
  const fail = (reason: OidcFailure): OidcResult => ({ ok: false, reason, return: flow.return });

  let claims: client.IDToken | undefined;
  try {
    const provider = await providerOf(oidc);
    const current = new URL(flow.redirect);
    current.search = query.toString();
    const tokens = await client.authorizationCodeGrant(provider, current, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
  } catch (err) {
    // The person sees one plain message; what the provider said is for the server's log.
    console.warn('Third-party sign-in failed:', err instanceof Error ? err.message : err);
    return fail('failed');
  }
  if (!claims) return fail('failed');
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!email || claims.email_verified !== true) return fail('unverified');

  const linked = await linkedUser(ctx, { issuer: claims.iss, subject: claims.sub }, email);
  if (!linked.ok) return fail(linked.reason);
  return { ok: true, session: await startSession(ctx, linked.user, userAgent), return: flow.return };
}

interface ProviderAccount {
  issuer: string;
  subject: string;
}

/**
 * The user a sign-in with a verified `email` is for. The provider's account (`iss`, `sub`) is linked
 * to the active user with that email at its first sign-in; from then on both must agree: the linked
 * user still has that email, and a user linked to one account at this provider does not sign in
 * with another account that shows the same email (`subject_mismatch`). A link to a deleted user
 * no longer counts.
 */
async function linkedUser(
  ctx: ServiceContext,
  account: ProviderAccount,
  email: string,
): Promise<{ ok: true; user: UserRow } | { ok: false; reason: OidcFailure }> {
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, isNull(users.deleted_at)));
  const [link] = await ctx.db
    .select({ user_id: userOidcIdentities.user_id, known: users.id, deleted_at: users.deleted_at })
    .from(userOidcIdentities)
    .leftJoin(users, eq(users.id, userOidcIdentities.user_id))
    .where(
      and(eq(userOidcIdentities.issuer, account.issuer), eq(userOidcIdentities.subject, account.subject)),
    );
  const stale = !!link && (!link.known || !!link.deleted_at);
  if (link && stale) await unlink(ctx, account, link.user_id);
  const linkedTo = link && !stale ? link.user_id : undefined;
  if (!user) return { ok: false, reason: 'unknown' };
  if (linkedTo && linkedTo !== user.id) return { ok: false, reason: 'subject_mismatch' };
  if (!user.active || !user.status) return { ok: false, reason: 'deactivated' };
  if (!linkedTo && !(await linkAccount(ctx, account, user.id)))
    return { ok: false, reason: 'subject_mismatch' };
  return { ok: true, user };
}

/**
 * Links the provider's account to the user, unless either is linked already (the database keeps
 * one account per user and issuer, one user per account, also between sign-ins at the same
 * moment). True when the user ends up linked to this very account.
 */
async function linkAccount(ctx: ServiceContext, account: ProviderAccount, userId: string): Promise<boolean> {
  const added = await ctx.db
    .insert(userOidcIdentities)
    .values({ issuer: account.issuer, subject: account.subject, user_id: userId })
    .onConflictDoNothing()
    .returning({ subject: userOidcIdentities.subject });
  if (added.length) return true;
  const [mine] = await ctx.db
    .select({ subject: userOidcIdentities.subject })
    .from(userOidcIdentities)
    .where(and(eq(userOidcIdentities.user_id, userId), eq(userOidcIdentities.issuer, account.issuer)));
  return mine?.subject === account.subject;
}

/** Removes a link to a user who is gone, so the account can be linked again. */
async function unlink(ctx: ServiceContext, account: ProviderAccount, userId: string): Promise<void> {
  await ctx.db
    .delete(userOidcIdentities)
    .where(
      and(
        eq(userOidcIdentities.issuer, account.issuer),
        eq(userOidcIdentities.subject, account.subject),
        eq(userOidcIdentities.user_id, userId),
      ),
    );
}

function openFlow(ctx: ServiceContext, sealed: string | undefined): Flow | undefined {
  if (!sealed) return undefined;
  try {
    const flow = JSON.parse(secretBoxOf(ctx.config).open(sealed, 'oidc.flow')) as Flow;
    if (typeof flow.exp !== 'number' || flow.exp <= ctx.now().getTime()) return undefined;
    return flow;
  } catch {
    return undefined;
  }
}

function requireOidc(config: ServerConfig): OidcConfig {
  if (!config.oidc) throw new Error('Third-party sign-in is not configured.');
  return config.oidc;
}
