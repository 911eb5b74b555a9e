/**
 * An org's keys for the public API. A key is `hs_<prefix>_<secret>`: the prefix finds the row, the
 * SHA-256 of the whole key (high-entropy, so no slow hash is needed) is compared in constant time.
 * The key is answered once, when made. A key acts as the admin who made it, but only on the routes
 * its scopes open (src/domain/apiKeys.ts); that admin losing access ends the key too.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { apiKeys } from '#server/db/schema.ts';
import {
  API_KEY_FORMAT,
  API_KEY_INVALID,
  type ApiKeyAddInput,
  type ApiKeyInfo,
  type NewApiKey,
} from '#src/domain/apiKeys.ts';
import { type Actor, can } from '#src/domain/permissions.ts';
import { type Caller, loadCaller } from '../actors.ts';
import type { ServiceContext } from '../context.ts';
import { forbidden, notFound, unauthenticated } from '../serviceError.ts';

const PREFIX_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** last_used_at is written at most this often per key, so a busy client does not write on every call. */
const LAST_USED_EVERY_MS = 60_000;

type Row = typeof apiKeys.$inferSelect;

const keyHash = (key: string) => createHash('sha256').update(key).digest();

function newPrefix(): string {
  const bytes = randomBytes(12);
  return [...bytes].map((b) => PREFIX_ALPHABET[b % PREFIX_ALPHABET.length]).join('');
}

const info = (r: Row): ApiKeyInfo => ({
  id: r.id,
  name: r.name,
  prefix: r.prefix,
  scopes: r.scopes,
  created_at: r.created_at,
  last_used_at: r.last_used_at,
  expires_at: r.expires_at,
  revoked_at: r.revoked_at,
});

function mayManage(actor: Actor): void {
  if (!can(actor, 'integrations.manage')) throw forbidden('Only admins manage API keys.');
}

export async function listApiKeys(ctx: ServiceContext, actor: Actor): Promise<{ data: ApiKeyInfo[] }> {
  mayManage(actor);
  const rows = await ctx.db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.org_id, actor.org_id))
    .orderBy(desc(apiKeys.created_at));
  return { data: rows.map(info) };
}

export async function createApiKey(
  ctx: ServiceContext,
  actor: Actor,
  input: ApiKeyAddInput,
): Promise<{ data: NewApiKey }> {
  mayManage(actor);
  const prefix = newPrefix();
  const key = `hs_${prefix}_${randomBytes(32).toString('base64url')}`;
  const [row] = await ctx.db
    .insert(apiKeys)
    .values({
      org_id: actor.org_id,
      name: input.name,
      prefix,
      key_hash: keyHash(key).toString('hex'),
      scopes: input.scopes,
      created_by: actor.user_id,
      created_at: ctx.now().toISOString(),
      expires_at: input.expires_at ?? null,
    })
    .returning();
  if (!row) throw new Error('The API key was not stored.');
  return { data: { ...info(row), key } };
}

export async function revokeApiKey(
  ctx: ServiceContext,
  actor: Actor,
  id: string,
): Promise<{ data: ApiKeyInfo }> {
  mayManage(actor);
  const [row] = await ctx.db
    .update(apiKeys)
    .set({ revoked_at: ctx.now().toISOString() })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.org_id, actor.org_id)))
    .returning();
  if (!row) throw notFound('This API key does not exist.');
  return { data: info(row) };
}

/**
 * The caller a key acts as, with its scopes; unknown, revoked or expired keys (or a maker who may no
 * longer manage integrations in the key's org) are refused as unauthenticated.
 */
export async function apiKeyCaller(
  ctx: ServiceContext,
  key: string,
): Promise<{ caller: Caller; scopes: readonly string[] }> {
  const prefix = API_KEY_FORMAT.exec(key)?.[1];
  if (!prefix) throw unauthenticated(API_KEY_INVALID);
  const [row] = await ctx.db.select().from(apiKeys).where(eq(apiKeys.prefix, prefix));
  const stored = row && Buffer.from(row.key_hash, 'hex');
  const given = keyHash(key);
  if (!row || !stored || stored.length !== given.length || !timingSafeEqual(stored, given))
    throw unauthenticated(API_KEY_INVALID);
  const now = ctx.now();
  if (row.revoked_at || (row.expires_at && new Date(row.expires_at) <= now) || !row.created_by)
    throw unauthenticated(API_KEY_INVALID);
  const caller = await loadCaller(ctx.db, row.created_by);
  if (!caller || caller.actor.org_id !== row.org_id || !can(caller.actor, 'integrations.manage'))
    throw unauthenticated(API_KEY_INVALID);
  if (!row.last_used_at || now.getTime() - new Date(row.last_used_at).getTime() > LAST_USED_EVERY_MS) {
    await ctx.db.update(apiKeys).set({ last_used_at: now.toISOString() }).where(eq(apiKeys.id, row.id));
  }
  return { caller, scopes: row.scopes };
}
