/**
 * A user's OAuth 2 connections (authorization code with PKCE; arctic makes the authorization
 * address, oauthCalls.ts makes the calls to the provider under the outgoing address policy).
 * Connecting makes a state and a code verifier (sealed) that live 10 minutes and are used once, by
 * the same user; the callback swaps the code for tokens with that verifier and keeps them sealed.
 * Tokens never leave the server: answers carry only status, scopes and expiry. A token near its
 * expiry is refreshed when used (validAccessToken) and ahead of time by the refresh job; a refresh
 * the provider refuses marks the connection 'needs_reconnect' with the reason.
 */
import {
  CodeChallengeMethod,
  generateCodeVerifier,
  generateState,
  OAuth2Client,
  type OAuth2Tokens,
} from 'arctic';
import { and, asc, eq, isNotNull, isNull, lt, lte } from 'drizzle-orm';
import { integrationProviders, integrations, oauthStates } from '#server/db/schema.ts';
import type { Actor } from '#src/domain/permissions.ts';
import {
  type CallbackInput,
  type Connection,
  type DisconnectAnswer,
  NEEDS_RECONNECT,
  OAUTH_STATE_TTL_MS,
  REFRESH_AHEAD_MS,
  REFRESH_MARGIN_MS,
  STATE_EXPIRED,
  STATE_UNKNOWN,
} from '#src/domain/schemas/integrations.ts';
import type { ServiceContext } from '../context.ts';
import { secretBoxOf } from '../secretBox.ts';
import { invalid, notFound } from '../serviceError.ts';
import {
  exchangeCode,
  type OAuthClient,
  providerProblem,
  refreshTokens,
  revokeToken,
  transientProblem,
} from './oauthCalls.ts';
import { PROVIDER_NOT_FOUND, type ProviderRow } from './providers.ts';

type IntegrationRow = typeof integrations.$inferSelect;

export const CALLBACK_PATH = '/settings/integrations/callback';
const CONNECTION_NOT_FOUND = 'This connection does not exist.';

const redirectUri = (origin: string) => `${origin}${CALLBACK_PATH}`;

/** The client's credentials for the provider's token and revoke endpoints (oauthCalls.ts). */
function clientFor(ctx: ServiceContext, provider: ProviderRow, origin: string | null): OAuthClient {
  const secret = provider.client_secret_enc
    ? secretBoxOf(ctx.config).open(provider.client_secret_enc, 'oauth.client_secret')
    : null;
  return {
    clientId: provider.client_id,
    clientSecret: secret,
    redirectUri: origin === null ? null : redirectUri(origin),
  };
}

function connectionAnswer(r: IntegrationRow, providerKey: string | null): Connection {
  return {
    id: r.id,
    provider_id: r.provider_id,
    provider_key: providerKey,
    name: r.name,
    kind: r.kind,
    status: r.status,
    scopes: r.scopes,
    connected_at: r.created_at,
    token_expires_at: r.token_expires_at,
    last_error: r.last_error,
  };
}

async function enabledProviderByKey(ctx: ServiceContext, orgId: number, key: string): Promise<ProviderRow> {
  const [row] = await ctx.db
    .select()
    .from(integrationProviders)
    .where(
      and(
        eq(integrationProviders.org_id, orgId),
        eq(integrationProviders.key, key),
        isNull(integrationProviders.deleted_at),
      ),
    );
  if (!row) throw notFound(PROVIDER_NOT_FOUND);
  if (!row.enabled) throw invalid(`${row.name} is turned off. Ask an admin to turn it on.`);
  return row;
}

/** The caller's OAuth connections (not the plain values add_integration records). */
export async function listConnections(ctx: ServiceContext, actor: Actor): Promise<{ data: Connection[] }> {
  const rows = await ctx.db
    .select({ row: integrations, key: integrationProviders.key })
    .from(integrations)
    .innerJoin(integrationProviders, eq(integrationProviders.id, integrations.provider_id))
    .where(
      and(
        eq(integrations.org_id, actor.org_id),
        eq(integrations.user_id, actor.user_id),
        isNull(integrations.deleted_at),
      ),
    )
    .orderBy(asc(integrations.name));
  return { data: rows.map((r) => connectionAnswer(r.row, r.key)) };
}

/** Starts connecting: a state and PKCE verifier for this user, and the provider's address to go to. */
export async function startConnect(
  ctx: ServiceContext,
  actor: Actor,
  providerKey: string,
  origin: string,
): Promise<{ url: string; expires_at: string }> {
  const provider = await enabledProviderByKey(ctx, actor.org_id, providerKey);
  const state = generateState();
  const verifier = generateCodeVerifier();
  const now = ctx.now().getTime();
  const expires = new Date(now + OAUTH_STATE_TTL_MS).toISOString();
  // Attempts nobody finished are useless once expired: clear this user's on the way.
  await ctx.db
    .delete(oauthStates)
    .where(
      and(eq(oauthStates.user_id, actor.user_id), lt(oauthStates.expires_at, new Date(now).toISOString())),
    );
  await ctx.db.insert(oauthStates).values({
    state,
    org_id: actor.org_id,
    user_id: actor.user_id,
    provider_id: provider.id,
    code_verifier_enc: secretBoxOf(ctx.config).seal(verifier, 'oauth.pkce_verifier'),
    created_at: new Date(now).toISOString(),
    expires_at: expires,
  });
  // Only the address people are sent to is made here; the server does not call it.
  const url = new OAuth2Client(provider.client_id, null, redirectUri(origin)).createAuthorizationURLWithPKCE(
    provider.authorize_url,
    state,
    CodeChallengeMethod.S256,
    verifier,
    provider.scopes,
  );
  return { url: url.toString(), expires_at: expires };
}

function tokenFields(ctx: ServiceContext, tokens: OAuth2Tokens, keepRefresh: string | null) {
  const box = secretBoxOf(ctx.config);
  const data = tokens.data as Record<string, unknown>;
  const expiresAt = typeof data.expires_in === 'number' ? tokens.accessTokenExpiresAt().toISOString() : null;
  return {
    access_token_enc: box.seal(tokens.accessToken(), 'oauth.access_token'),
    // A provider that does not rotate refresh tokens sends none on refresh: keep the one we have.
    refresh_token_enc: tokens.hasRefreshToken()
      ? box.seal(tokens.refreshToken(), 'oauth.refresh_token')
      : keepRefresh,
    token_expires_at: expiresAt,
    ...(tokens.hasScopes() ? { scopes: tokens.scopes() } : {}),
  };
}

/**
 * Finishes connecting: the state must be this user's, unused and unexpired (it is used up either
 * way); the code is swapped with its verifier and the tokens kept sealed.
 */
export async function finishConnect(
  ctx: ServiceContext,
  actor: Actor,
  input: CallbackInput,
  origin: string,
): Promise<{ data: Connection }> {
  const [pending] = await ctx.db
    .delete(oauthStates)
    .where(
      and(
        eq(oauthStates.state, input.state),
        eq(oauthStates.user_id, actor.user_id),
        eq(oauthStates.org_id, actor.org_id),
      ),
    )
    .returning();
  if (!pending) throw invalid(STATE_UNKNOWN);
  if (new Date(pending.expires_at) <= ctx.now()) throw invalid(STATE_EXPIRED);
  const [provider] = await ctx.db
    .select()
    .from(integrationProviders)
    .where(
      and(
        eq(integrationProviders.id, pending.provider_id),
        eq(integrationProviders.org_id, actor.org_id),
        isNull(integrationProviders.deleted_at),
      ),
    );
  if (!provider) throw notFound(PROVIDER_NOT_FOUND);

  let tokens: OAuth2Tokens;
  try {
    const verifier = secretBoxOf(ctx.config).open(pending.code_verifier_enc, 'oauth.pkce_verifier');
    tokens = await exchangeCode(
      ctx.config,
      provider.token_url,
      clientFor(ctx, provider, origin),
      input.code,
      verifier,
    );
    tokens.accessToken();
  } catch (err) {
    throw invalid(`Connecting to ${providerProblem(err, provider.name)}`);
  }

  const now = ctx.now().toISOString();
  const fields = { ...tokenFields(ctx, tokens, null), status: 'connected', last_error: null };
  const [existing] = await ctx.db
    .select({ id: integrations.id })
    .from(integrations)
    .where(
      and(
        eq(integrations.org_id, actor.org_id),
        eq(integrations.user_id, actor.user_id),
        eq(integrations.provider_id, provider.id),
        isNull(integrations.deleted_at),
      ),
    );
  const [row] = existing
    ? await ctx.db
        .update(integrations)
        .set({
          ...fields,
          scopes: fields.scopes ?? provider.scopes,
          updated_at: now,
          updated_by: actor.user_id,
        })
        .where(eq(integrations.id, existing.id))
        .returning()
    : await ctx.db
        .insert(integrations)
        .values({
          org_id: actor.org_id,
          name: provider.name,
          kind: provider.key,
          user_id: actor.user_id,
          provider_id: provider.id,
          ...fields,
          scopes: fields.scopes ?? provider.scopes,
          created_by: actor.user_id,
          created_at: now,
          updated_by: actor.user_id,
          updated_at: now,
        })
        .returning();
  if (!row) throw new Error('The connection was not stored.');
  return { data: connectionAnswer(row, provider.key) };
}

async function ownConnection(ctx: ServiceContext, actor: Actor, id: string) {
  const [found] = await ctx.db
    .select({ row: integrations, provider: integrationProviders })
    .from(integrations)
    .innerJoin(integrationProviders, eq(integrationProviders.id, integrations.provider_id))
    .where(
      and(
        eq(integrations.id, id),
        eq(integrations.org_id, actor.org_id),
        eq(integrations.user_id, actor.user_id),
        isNull(integrations.deleted_at),
      ),
    );
  if (!found) throw notFound(CONNECTION_NOT_FOUND);
  return found;
}

/**
 * Disconnects: revokes the token at the provider when it has a revoke address, then removes the
 * connection and its tokens here, even when the provider could not be reached (and says so).
 */
export async function disconnect(ctx: ServiceContext, actor: Actor, id: string): Promise<DisconnectAnswer> {
  const { row, provider } = await ownConnection(ctx, actor, id);
  let revoked = false;
  let revokeError: string | null = null;
  const token = row.refresh_token_enc ?? row.access_token_enc;
  if (provider.revoke_url && token) {
    try {
      await revokeToken(
        ctx.config,
        provider.revoke_url,
        clientFor(ctx, provider, null),
        secretBoxOf(ctx.config).open(
          token,
          row.refresh_token_enc ? 'oauth.refresh_token' : 'oauth.access_token',
        ),
      );
      revoked = true;
    } catch (err) {
      revokeError = providerProblem(err, provider.name);
    }
  }
  const now = ctx.now().toISOString();
  await ctx.db
    .update(integrations)
    .set({
      deleted_at: now,
      updated_at: now,
      updated_by: actor.user_id,
      access_token_enc: null,
      refresh_token_enc: null,
    })
    .where(eq(integrations.id, row.id));
  return { revoked, revoke_error: revokeError };
}

/** Renews a connection's tokens; a refusal marks it 'needs_reconnect' and says why. */
async function refreshConnection(
  ctx: ServiceContext,
  row: IntegrationRow,
  provider: ProviderRow,
): Promise<IntegrationRow> {
  const now = ctx.now().toISOString();
  // Only the refresh token this attempt used is marked failed: when another instance or request
  // renewed it meanwhile (a rotated token refuses its second use), theirs stands.
  const sameRefresh = row.refresh_token_enc
    ? eq(integrations.refresh_token_enc, row.refresh_token_enc)
    : isNull(integrations.refresh_token_enc);
  const fail = async (message: string): Promise<IntegrationRow> => {
    const [marked] = await ctx.db
      .update(integrations)
      .set({ status: 'needs_reconnect', last_error: message, updated_at: now })
      .where(and(eq(integrations.id, row.id), sameRefresh))
      .returning();
    if (marked) throw invalid(message);
    const [current] = await ctx.db.select().from(integrations).where(eq(integrations.id, row.id));
    if (current?.status !== 'connected') throw invalid(current?.last_error ?? message);
    return current;
  };
  if (!row.refresh_token_enc) return fail(`${NEEDS_RECONNECT} (${provider.name} gave no refresh token.)`);
  let tokens: OAuth2Tokens;
  try {
    const refresh = secretBoxOf(ctx.config).open(row.refresh_token_enc, 'oauth.refresh_token');
    tokens = await refreshTokens(ctx.config, provider.token_url, clientFor(ctx, provider, null), refresh);
    tokens.accessToken();
  } catch (err) {
    // Unreachable is not a refusal: leave the connection as it is and try again later.
    if (transientProblem(err)) throw invalid(providerProblem(err, provider.name));
    return fail(`${NEEDS_RECONNECT} ${providerProblem(err, provider.name)}`);
  }
  const [updated] = await ctx.db
    .update(integrations)
    .set({
      ...tokenFields(ctx, tokens, row.refresh_token_enc),
      status: 'connected',
      last_error: null,
      updated_at: now,
    })
    .where(and(eq(integrations.id, row.id), sameRefresh))
    .returning();
  if (updated) return updated;
  // Renewed meanwhile by someone else: use theirs.
  const [current] = await ctx.db.select().from(integrations).where(eq(integrations.id, row.id));
  return current ?? row;
}

/**
 * A usable access token for a connection (for server-side calls to the provider), refreshed first
 * when it expires within a few minutes.
 */
export async function validAccessToken(ctx: ServiceContext, integrationId: string): Promise<string> {
  const [found] = await ctx.db
    .select({ row: integrations, provider: integrationProviders })
    .from(integrations)
    .innerJoin(integrationProviders, eq(integrationProviders.id, integrations.provider_id))
    .where(and(eq(integrations.id, integrationId), isNull(integrations.deleted_at)));
  if (!found) throw notFound(CONNECTION_NOT_FOUND);
  let { row } = found;
  if (row.status !== 'connected' || !row.access_token_enc) throw invalid(row.last_error ?? NEEDS_RECONNECT);
  const soon = ctx.now().getTime() + REFRESH_MARGIN_MS;
  if (row.token_expires_at && new Date(row.token_expires_at).getTime() <= soon)
    row = await refreshConnection(ctx, row, found.provider);
  if (!row.access_token_enc) throw invalid(NEEDS_RECONNECT);
  return secretBoxOf(ctx.config).open(row.access_token_enc, 'oauth.access_token');
}

/** Drops connection attempts nobody finished once they expired (their verifiers with them). */
export async function forgetExpiredStates(ctx: ServiceContext): Promise<void> {
  await ctx.db.delete(oauthStates).where(lt(oauthStates.expires_at, ctx.now().toISOString()));
}

/** The refresh job: renews every connected token expiring within the hour. Safe to run twice. */
export async function refreshExpiringTokens(
  ctx: ServiceContext,
): Promise<{ refreshed: number; failed: number }> {
  const horizon = new Date(ctx.now().getTime() + REFRESH_AHEAD_MS).toISOString();
  const due = await ctx.db
    .select({ row: integrations, provider: integrationProviders })
    .from(integrations)
    .innerJoin(integrationProviders, eq(integrationProviders.id, integrations.provider_id))
    .where(
      and(
        isNull(integrations.deleted_at),
        isNull(integrationProviders.deleted_at),
        eq(integrations.status, 'connected'),
        isNotNull(integrations.refresh_token_enc),
        lte(integrations.token_expires_at, horizon),
      ),
    )
    .limit(500);
  let refreshed = 0;
  let failed = 0;
  for (const { row, provider } of due) {
    try {
      await refreshConnection(ctx, row, provider);
      refreshed++;
    } catch {
      failed++;
    }
  }
  return { refreshed, failed };
}
