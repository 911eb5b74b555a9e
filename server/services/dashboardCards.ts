/**
 * The dashboard's legacy card reads (SPEC section 7): cards by id in batches of six, or one card.
 * A caller sees the cards they made and those a global (or org-shared) layout holds, in their org
 * only — the same rule as the sync pull's (server/services/sync.ts, `cards`).
 */
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { type Actor, can } from '#src/domain/permissions.ts';
import type { CardQuery, DashCardsRequest } from '#src/domain/schemas/dashboard.ts';
import { cards, layouts } from '../db/schema.ts';
import type { ServiceContext } from './context.ts';
import { forbidden, notFound } from './serviceError.ts';

type CardRow = typeof cards.$inferSelect;

function toWire(row: CardRow) {
  return {
    _id: row.id,
    id: row.id,
    title: row.title,
    type: row.type,
    card_layout: row.card_layout,
    config: row.config,
    created_by: row.created_by,
    updated_at: row.updated_at,
    version: row.version,
  };
}

const NOT_ALLOWED = 'Your access level cannot open dashboards.';

/** Cards of the caller's org the caller may see, not deleted. */
function visibleCards(actor: Actor): SQL {
  const sharedCardIds = sql`(SELECT unnest(${layouts.cards}) FROM ${layouts} WHERE ${layouts.org_id} = ${actor.org_id} AND ${layouts.deleted_at} IS NULL AND (${layouts.is_global} OR ${layouts.owner_id} IS NULL))`;
  return and(
    eq(cards.org_id, actor.org_id),
    isNull(cards.deleted_at),
    sql`(${cards.created_by} = ${actor.user_id} OR ${cards.id} IN ${sharedCardIds})`,
  ) as SQL;
}

function requireReader(actor: Actor) {
  if (!can(actor, 'contacts.read')) throw forbidden(NOT_ALLOWED);
}

/** `ls_leads_get_dash_cards`: the asked cards the caller may see, in the asked order. */
export async function dashCards(ctx: ServiceContext, actor: Actor, input: DashCardsRequest) {
  requireReader(actor);
  const ids = [...new Set(input.card_ids)];
  const rows = await ctx.db
    .select()
    .from(cards)
    .where(and(visibleCards(actor), inArray(cards.id, ids)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    cards: ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toWire(row)] : [];
    }),
  };
}

/** `get_card`: one card the caller may see. */
export async function getCard(ctx: ServiceContext, actor: Actor, query: CardQuery) {
  requireReader(actor);
  const [row] = await ctx.db
    .select()
    .from(cards)
    .where(and(visibleCards(actor), eq(cards.id, query.card_id)));
  if (!row) throw notFound('This card does not exist, was deleted, or is on a layout you cannot see.');
  return { card: toWire(row) };
}
