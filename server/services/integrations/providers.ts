/**
 * OAuth 2 providers an org's admins set up (`integrations.manage`): where people are sent to
 * approve, where codes are swapped for tokens, and the client's credentials. The client secret is
 * write-only: sealed at rest (secretBox), answered only as set / not set. Addresses must be https
 * and, where the server calls them, allowed by the outgoing address policy.
 */
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import { integrationProviders, integrations } from '#server/db/schema.ts';
import { type Actor, can } from '#src/domain/permissions.ts';
import type {
  Provider,
  ProviderAddInput,
  ProviderChoice,
  ProviderEditInput,
} from '#src/domain/schemas/integrations.ts';
import type { ServiceContext, Tx } from '../context.ts';
import { secretBoxOf } from '../secretBox.ts';
import { conflict, forbidden, invalid, notFound } from '../serviceError.ts';
import { providerAddressProblem } from './oauthCalls.ts';

export type ProviderRow = typeof integrationProviders.$inferSelect;

export const PROVIDER_NOT_FOUND = 'This integration provider does not exist.';

export function providerAnswer(r: ProviderRow): Provider {
  return {
    id: r.id,
    key: r.key,
    name: r.name,
    client_id: r.client_id,
    client_secret_set: !!r.client_secret_enc,
    authorize_url: r.authorize_url,
    token_url: r.token_url,
    revoke_url: r.revoke_url,
    scopes: r.scopes,
    enabled: r.enabled,
  };
}

function mayManage(actor: Actor): void {
  if (!can(actor, 'integrations.manage')) throw forbidden('Only admins set up integration providers.');
}

/**
 * Refuses provider addresses the server may not use: plain http (except to this machine where
 * private addresses are allowed) and, for the token and revoke addresses it calls, addresses the
 * outgoing address policy refuses (checked again on every call).
 */
async function requireUsableAddresses(
  ctx: ServiceContext,
  input: { authorize_url?: string; token_url?: string; revoke_url?: string | null },
): Promise<void> {
  const fields = [
    ['authorize_url', input.authorize_url, false],
    ['token_url', input.token_url, true],
    ['revoke_url', input.revoke_url, true],
  ] as const;
  for (const [field, value, connects] of fields) {
    if (!value) continue;
    const problem = await providerAddressProblem(ctx.config, value, connects);
    if (problem) throw invalid(`${field}: ${problem}`);
  }
}

const live = (orgId: number) =>
  and(eq(integrationProviders.org_id, orgId), isNull(integrationProviders.deleted_at));

/** Admins get every provider with its settings; everyone else the enabled ones to connect to. */
export async function listProviders(
  ctx: ServiceContext,
  actor: Actor,
): Promise<{ data: Provider[] | ProviderChoice[] }> {
  const rows = await ctx.db
    .select()
    .from(integrationProviders)
    .where(live(actor.org_id))
    .orderBy(asc(integrationProviders.name));
  if (can(actor, 'integrations.manage')) return { data: rows.map(providerAnswer) };
  return {
    data: rows
      .filter((r) => r.enabled)
      .map((r) => ({ id: r.id, key: r.key, name: r.name, scopes: r.scopes })),
  };
}

export async function providerById(db: Tx, orgId: number, id: string): Promise<ProviderRow> {
  const [row] = await db
    .select()
    .from(integrationProviders)
    .where(and(live(orgId), eq(integrationProviders.id, id)));
  if (!row) throw notFound(PROVIDER_NOT_FOUND);
  return row;
}

async function ensureKeyFree(db: Tx, orgId: number, key: string, except?: string): Promise<void> {
  const [taken] = await db
    .select({ id: integrationProviders.id })
    .from(integrationProviders)
    .where(
      and(
        live(orgId),
        eq(integrationProviders.key, key),
        except ? ne(integrationProviders.id, except) : undefined,
      ),
    );
  if (taken) throw conflict(`A provider with the key "${key}" already exists.`);
}

export async function addProvider(
  ctx: ServiceContext,
  actor: Actor,
  input: ProviderAddInput,
): Promise<{ data: Provider }> {
  mayManage(actor);
  await requireUsableAddresses(ctx, input);
  return ctx.db.transaction(async (tx) => {
    await ensureKeyFree(tx, actor.org_id, input.key);
    const now = ctx.now().toISOString();
    const [row] = await tx
      .insert(integrationProviders)
      .values({
        org_id: actor.org_id,
        key: input.key,
        name: input.name,
        client_id: input.client_id,
        client_secret_enc: input.client_secret
          ? secretBoxOf(ctx.config).seal(input.client_secret, 'oauth.client_secret')
          : null,
        authorize_url: input.authorize_url,
        token_url: input.token_url,
        revoke_url: input.revoke_url ?? null,
        scopes: input.scopes,
        enabled: input.enabled,
        created_by: actor.user_id,
        created_at: now,
        updated_by: actor.user_id,
        updated_at: now,
      })
      .returning();
    if (!row) throw new Error('The provider was not stored.');
    return { data: providerAnswer(row) };
  });
}

export async function editProvider(
  ctx: ServiceContext,
  actor: Actor,
  input: ProviderEditInput,
): Promise<{ data: Provider }> {
  mayManage(actor);
  await requireUsableAddresses(ctx, input);
  return ctx.db.transaction(async (tx) => {
    await providerById(tx, actor.org_id, input.id);
    if (input.key) await ensureKeyFree(tx, actor.org_id, input.key, input.id);
    const { id, client_secret, ...fields } = input;
    const [row] = await tx
      .update(integrationProviders)
      .set({
        ...fields,
        // Absent keeps the secret; null or '' clears it; a value replaces it.
        ...(client_secret === undefined
          ? {}
          : {
              client_secret_enc: client_secret
                ? secretBoxOf(ctx.config).seal(client_secret, 'oauth.client_secret')
                : null,
            }),
        updated_by: actor.user_id,
        updated_at: ctx.now().toISOString(),
      })
      .where(and(live(actor.org_id), eq(integrationProviders.id, id)))
      .returning();
    if (!row) throw notFound(PROVIDER_NOT_FOUND);
    return { data: providerAnswer(row) };
  });
}

/** Deletes a provider and the connections made through it (their tokens with them). */
export async function deleteProvider(ctx: ServiceContext, actor: Actor, id: string): Promise<{ id: string }> {
  mayManage(actor);
  await ctx.db.transaction(async (tx) => {
    await providerById(tx, actor.org_id, id);
    const now = ctx.now().toISOString();
    await tx
      .update(integrationProviders)
      .set({ deleted_at: now, updated_at: now, updated_by: actor.user_id, client_secret_enc: null })
      .where(and(live(actor.org_id), eq(integrationProviders.id, id)));
    await tx
      .update(integrations)
      .set({ deleted_at: now, updated_at: now, access_token_enc: null, refresh_token_enc: null })
      .where(and(eq(integrations.org_id, actor.org_id), eq(integrations.provider_id, id)));
  });
  return { id };
}
