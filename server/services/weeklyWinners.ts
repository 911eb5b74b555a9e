/**
 * Records a week's activity winners (most_sales_week, most_leads_week, most_installs_week) for an
 * org, from its sales (src/domain/sales.ts, read by ./sales.ts) and the activities of that week (the
 * rule: src/domain/weeklyWinners.ts). Run by the scheduled job (server/jobs); safe to run again: a
 * week's winners are written once per org.
 */
import { and, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import {
  WEEKLY_WINNER_TYPES,
  type Week,
  weekKey,
  weeklyWinners,
  winnerMessage,
} from '#src/domain/weeklyWinners.ts';
import { activities, orgs, users } from '../db/schema.ts';
import type { ServiceContext } from './context.ts';
import { notifyWeeklyRecord } from './notify.ts';
import { orgSales } from './sales.ts';
import { inVersionedTransaction } from './versions.ts';

const COUNTED_TYPES = ['add_lead', 'lead_status_change', 'lead_installed'];
const WINNER_TYPES = Object.values(WEEKLY_WINNER_TYPES);

/** The orgs to compute winners for: every org that is not deleted. */
export async function activeOrgIds(ctx: ServiceContext): Promise<number[]> {
  const rows = await ctx.db
    .select({ id: orgs.id })
    .from(orgs)
    .where(isNull(orgs.deleted_at))
    .orderBy(orgs.id);
  return rows.map((r) => r.id);
}

/**
 * Writes the org's winners of `week`: one activity per category someone scored in, all with one
 * new org version so the org's devices pull them. Returns how many it wrote (0 when the week was
 * already recorded, or nobody scored).
 */
export async function recordWeeklyWinners(ctx: ServiceContext, orgId: number, week: Week): Promise<number> {
  const key = weekKey(week);
  return inVersionedTransaction(ctx, orgId, async (tx, version) => {
    // One writer per org and week, across every instance: a second run waits here, then finds
    // the week recorded. A transaction-scoped lock is released by the commit, even on a crash.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`weekly-winners:${orgId}:${key}`}))`);
    const [done] = await tx
      .select({ id: activities.id })
      .from(activities)
      .where(
        and(
          eq(activities.org_id, orgId),
          inArray(activities.type, WINNER_TYPES),
          sql`${activities.data}->>'week' = ${key}`,
        ),
      )
      .limit(1);
    if (done) return 0;
    const rows = await tx
      .select({
        type: activities.type,
        actor_id: activities.actor_id,
        date: activities.date,
        lead_refs: activities.lead_refs,
        data: activities.data,
      })
      .from(activities)
      .where(
        and(
          eq(activities.org_id, orgId),
          inArray(activities.type, COUNTED_TYPES),
          gte(activities.date, week.start.toISOString()),
          lt(activities.date, week.end.toISOString()),
          isNull(activities.deleted_at),
        ),
      );
    const people = await tx
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(or(eq(users.org_id, orgId), sql`${orgId} = ANY(${users.orgs})`), isNull(users.deleted_at)));
    const names = new Map(people.map((p) => [p.id, p.name]));
    const sales = await orgSales(tx, orgId);
    const winners = weeklyWinners(rows, sales, week, new Set(names.keys()));
    if (winners.length === 0) return 0;
    const now = ctx.now().toISOString();
    await tx.insert(activities).values(
      winners.map((w) => ({
        org_id: orgId,
        type: WEEKLY_WINNER_TYPES[w.category],
        category: 'user',
        message: winnerMessage(w.category, names.get(w.user_id) ?? '', w.count),
        // The winner as the actor: the activity is theirs, so their own device pulls it too
        // (SOURCES in sync.ts shows people their own activities).
        actor_id: w.user_id,
        user_refs: [w.user_id],
        date: now,
        data: { week: key, count: w.count, achieved_at: w.achieved_at },
        version,
      })),
    );
    for (const w of winners) {
      const person = names.get(w.user_id) ?? '';
      const message = winnerMessage(w.category, person, w.count);
      await notifyWeeklyRecord(tx, orgId, version, w.user_id, message, {
        category: w.category,
        person,
        count: w.count,
      });
    }
    return winners.length;
  });
}
