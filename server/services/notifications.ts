/** A user's notifications: the spec's paged list (page size 10) and mark-as-read. */
import { and, asc, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { type Actor, can } from '#src/domain/permissions.ts';
import type { NotificationQuery, NotificationReadInput } from '#src/domain/schemas/notification.ts';
import { notifications } from '../db/schema.ts';
import type { ServiceContext } from './context.ts';
import { forbidden } from './serviceError.ts';
import { inVersionedTransaction } from './versions.ts';

type NotificationRow = typeof notifications.$inferSelect;

function toWire(row: NotificationRow) {
  return {
    _id: row.id,
    id: row.seq,
    title: row.title,
    message: row.message,
    link: row.link,
    text_key: row.text_key,
    text_params: row.text_params,
    is_read: row.is_read,
    created_at: row.created_at,
  };
}

const NOT_ALLOWED = 'Your access level cannot read notifications.';

export async function listNotifications(ctx: ServiceContext, actor: Actor, query: NotificationQuery) {
  if (!can(actor, 'notifications.read')) throw forbidden(NOT_ALLOWED);
  const mine = and(
    eq(notifications.org_id, actor.org_id),
    eq(notifications.user_id, actor.user_id),
    isNull(notifications.deleted_at),
  ) as SQL;
  const where = query.unread ? and(mine, eq(notifications.is_read, false)) : mine;
  const column = query.sort === 'created_at' ? notifications.created_at : notifications.seq;
  const order = query.direction === 'asc' ? asc(column) : desc(column);
  const [rows, [totals]] = await Promise.all([
    ctx.db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(order, query.direction === 'asc' ? asc(notifications.seq) : desc(notifications.seq))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    ctx.db
      .select({
        count: sql<number>`count(*) FILTER (WHERE ${where})::int`,
        unread: sql<number>`count(*) FILTER (WHERE ${mine} AND ${notifications.is_read} = false)::int`,
      })
      .from(notifications)
      .where(mine),
  ]);
  const count = Number(totals?.count ?? 0);
  return {
    rows: rows.map(toWire),
    page: query.page,
    limit: query.limit,
    max_page: Math.max(1, Math.ceil(count / query.limit)),
    count,
    message: count === 0 ? 'You have no notifications.' : '',
    has_unread: Number(totals?.unread ?? 0) > 0,
  };
}

/**
 * Marks the caller's own notifications read; ids of other users' notifications are ignored. Also
 * applies a device's queued `notification.read.v1` (inside its sync batch).
 */
export async function markNotificationsRead(ctx: ServiceContext, actor: Actor, input: NotificationReadInput) {
  if (!can(actor, 'notifications.read')) throw forbidden(NOT_ALLOWED);
  const numbers = (input.ids ?? []).filter((id): id is number => typeof id === 'number');
  const uuids = (input.ids ?? []).filter((id): id is string => typeof id === 'string');
  return inVersionedTransaction(ctx, actor.org_id, async (tx, version) => {
    const selection = input.all
      ? sql`true`
      : sql`(${notifications.seq} = ANY(${sql.param(numbers)}::int[]) OR ${notifications.id} = ANY(${sql.param(uuids)}::uuid[]))`;
    const updated = await tx
      .update(notifications)
      .set({ is_read: true, version, updated_at: ctx.now().toISOString(), updated_by: actor.user_id })
      .where(
        and(
          eq(notifications.org_id, actor.org_id),
          eq(notifications.user_id, actor.user_id),
          eq(notifications.is_read, false),
          selection,
        ),
      )
      .returning({ id: notifications.id });
    return { updated: updated.length };
  });
}
