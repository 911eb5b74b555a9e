/**
 * The spec's legacy `add_integration`: records what a rep is known as in another system (an
 * account id) as an integration value (kind, value, user_id). One value per rep and kind: adding
 * again replaces it. A rep records their own; admins anyone's in their org.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { integrations, users } from '#server/db/schema.ts';
import { type Actor, scopeOf, userInScope } from '#src/domain/permissions.ts';
import type { AddIntegrationInput } from '#src/domain/schemas/integrations.ts';
import type { ServiceContext } from '../context.ts';
import { forbidden, notFound } from '../serviceError.ts';

export interface RecordedIntegration {
  _id: string;
  kind: string;
  name: string;
  value: string;
  user_id: string;
}

export async function addIntegration(
  ctx: ServiceContext,
  actor: Actor,
  input: AddIntegrationInput,
): Promise<{ data: RecordedIntegration }> {
  const byUuid = typeof input.rep_id === 'string' && input.rep_id.includes('-');
  const [rep] = await ctx.db
    .select({ id: users.id, org_id: users.org_id })
    .from(users)
    .where(
      and(
        byUuid ? eq(users.id, String(input.rep_id)) : eq(users.legacy_id, Number(input.rep_id)),
        eq(users.org_id, actor.org_id),
        isNull(users.deleted_at),
      ),
    );
  if (!rep) throw notFound('This rep does not exist.');
  if (!userInScope(actor, scopeOf(actor, 'users.edit'), rep))
    throw forbidden('You can only add integrations to your own account.');

  const kind = typeof input.data === 'string' ? input.data : input.data.kind;
  const name = typeof input.data === 'string' ? input.data : (input.data.name ?? input.data.kind);
  const config = typeof input.data === 'string' ? {} : input.data;
  const now = ctx.now().toISOString();
  return ctx.db.transaction(async (tx) => {
    const where = and(
      eq(integrations.org_id, actor.org_id),
      eq(integrations.user_id, rep.id),
      eq(integrations.kind, kind),
      isNull(integrations.provider_id),
      isNull(integrations.deleted_at),
    );
    const [existing] = await tx.select({ id: integrations.id }).from(integrations).where(where);
    const [row] = existing
      ? await tx
          .update(integrations)
          .set({ value: input.value, name, config, updated_at: now, updated_by: actor.user_id })
          .where(eq(integrations.id, existing.id))
          .returning()
      : await tx
          .insert(integrations)
          .values({
            org_id: actor.org_id,
            kind,
            name,
            value: input.value,
            user_id: rep.id,
            config,
            created_by: actor.user_id,
            created_at: now,
            updated_by: actor.user_id,
            updated_at: now,
          })
          .returning();
    if (!row) throw new Error('The integration was not stored.');
    return { data: { _id: row.id, kind: row.kind, name: row.name, value: row.value ?? '', user_id: rep.id } };
  });
}
