/**
 * Activity on the server (SPEC section 7's serverless functions): the feed of one lead or user, an
 * activity a person records, and the consolidated feed of teams, a region or a lead by the shared
 * rule of `src/domain/activityFeed.ts`. Reads stay inside what the caller's pull carries of the
 * activities (`readableTable`), so nothing here shows more than the device already may hold.
 */
import { and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { activityConcerns, type FeedScope } from '#src/domain/activityFeed.ts';
import { type Actor, canOnContact, canOnUser, scopeOf } from '#src/domain/permissions.ts';
import {
  ACTIVITY_FEED_DEFAULT,
  type ActivityAddInput,
  type ConsolidatedQuery,
} from '#src/domain/schemas/activity.ts';
import { activities, contacts, regions, teamMembers, teams, users } from '../db/schema.ts';
import type { ServiceContext, Tx } from './context.ts';
import { forbidden, notFound } from './serviceError.ts';
import { readableTable } from './sync.ts';
import { inVersionedTransaction } from './versions.ts';

type Wire = Record<string, unknown>;
const LEAD_NOT_FOUND = 'This lead does not exist or is not yours to see.';

/** The activities the caller may see that match `where`, newest first, as the pull sends them. */
async function visibleActivities(
  ctx: ServiceContext,
  actor: Actor,
  where: SQL,
  limit: number,
): Promise<Wire[]> {
  const source = readableTable('activities', actor);
  if (!source.where) throw forbidden('Your access level cannot see activity.');
  const rows = await ctx.db
    .select()
    .from(activities)
    .where(and(source.where, isNull(activities.deleted_at), where))
    .orderBy(desc(activities.date), desc(activities.id))
    .limit(limit);
  return rows.map((row) => source.toWire(row as Wire));
}

async function visibleLead(db: Tx, actor: Actor, id: string) {
  const [lead] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, id), eq(contacts.org_id, actor.org_id), isNull(contacts.deleted_at)));
  return lead && canOnContact(actor, 'contacts.read', lead) ? lead : undefined;
}

async function visibleUser(db: Tx, actor: Actor, id: string) {
  const [user] = await db
    .select({ id: users.id, org_id: users.org_id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.org_id, actor.org_id), isNull(users.deleted_at)));
  return user && canOnUser(actor, 'users.read', user) ? user : undefined;
}

/** Activity get (`ref_id`): what concerns a lead, or what a user did or was part of. */
export async function activityOf(ctx: ServiceContext, actor: Actor, refId: string, limit?: number) {
  if (!(await visibleLead(ctx.db, actor, refId)) && !(await visibleUser(ctx.db, actor, refId)))
    throw notFound('No lead or user with this ref_id is yours to see.');
  const concerns = sql`(${refId}::uuid = ANY(${activities.lead_refs}) OR ${refId}::uuid = ANY(${activities.user_refs}) OR ${activities.actor_id} = ${refId}::uuid)`;
  return visibleActivities(ctx, actor, concerns, limit ?? ACTIVITY_FEED_DEFAULT);
}

/**
 * Add activity: recorded as the caller, on leads they may work and users of their org. Devices
 * pull it like any other activity.
 */
export async function addActivity(ctx: ServiceContext, actor: Actor, input: ActivityAddInput): Promise<Wire> {
  if (scopeOf(actor, 'activities.read') === 'none')
    throw forbidden('Your access level cannot record activity.');
  const leadRefs = [...new Set(input.lead_refs ?? [])];
  const userRefs = [...new Set(input.user_refs ?? [])];
  return inVersionedTransaction(ctx, actor.org_id, async (tx, version) => {
    for (const id of leadRefs) {
      const lead = await visibleLead(tx, actor, id);
      if (!lead || !canOnContact(actor, 'contacts.status', lead)) throw notFound(LEAD_NOT_FOUND);
    }
    for (const id of userRefs)
      if (!(await visibleUser(tx, actor, id))) throw notFound('This user does not exist.');
    const [row] = await tx
      .insert(activities)
      .values({
        ...(input.id ? { id: input.id } : {}),
        org_id: actor.org_id,
        type: input.type,
        category: input.category ?? (leadRefs.length ? 'lead' : 'user'),
        message: input.message,
        actor_id: actor.user_id,
        ...(input.date ? { date: input.date } : {}),
        files: input.files ?? [],
        links: input.links ?? [],
        link_out: input.link_out ?? null,
        pre_ref: input.pre_ref ?? null,
        lead_refs: leadRefs,
        user_refs: userRefs,
        version,
        created_by: actor.user_id,
        updated_by: actor.user_id,
      })
      .returning();
    return readableTable('activities', actor).toWire(row as Wire);
  });
}

const uuidArray = (ids: readonly string[]) => sql`${sql.param([...ids])}::uuid[]`;

/** Which teams, members and contacts a consolidated feed covers (the contacts as a condition). */
async function feedScope(ctx: ServiceContext, actor: Actor, query: ConsolidatedQuery) {
  if (query.lead_id) {
    if (!(await visibleLead(ctx.db, actor, query.lead_id))) throw notFound(LEAD_NOT_FOUND);
    return { teamIds: [], leadsWhere: eq(contacts.id, query.lead_id) };
  }
  if (query.region_id) {
    const [region] = await ctx.db
      .select({ id: regions.id })
      .from(regions)
      .where(
        and(eq(regions.id, query.region_id), eq(regions.org_id, actor.org_id), isNull(regions.deleted_at)),
      );
    if (!region) throw notFound('This region does not exist.');
    const regionTeams = await ctx.db
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.org_id, actor.org_id), eq(teams.region_id, region.id), isNull(teams.deleted_at)));
    return { teamIds: regionTeams.map((t) => t.id), leadsWhere: eq(contacts.region_id, region.id) };
  }
  const ids = [...new Set(query.team_ids ?? [])];
  const found = await ctx.db
    .select({ id: teams.id })
    .from(teams)
    .where(and(inArray(teams.id, ids), eq(teams.org_id, actor.org_id), isNull(teams.deleted_at)));
  if (found.length !== ids.length) throw notFound('One of these teams does not exist.');
  return { teamIds: ids, leadsWhere: sql`${contacts.team_id} = ANY(${uuidArray(ids)})` };
}

/** Consolidated activity: the latest of some teams, a region (its teams taken in) or a lead. */
export async function consolidatedActivity(ctx: ServiceContext, actor: Actor, query: ConsolidatedQuery) {
  const { teamIds, leadsWhere } = await feedScope(ctx, actor, query);
  const members = teamIds.length
    ? await ctx.db
        .select({ user_id: teamMembers.user_id })
        .from(teamMembers)
        .where(and(sql`${teamMembers.team_id} = ANY(${uuidArray(teamIds)})`, isNull(teamMembers.deleted_at)))
    : [];
  const memberIds = [...new Set(members.map((m) => m.user_id))];
  const scopeLeads = sql`(SELECT ${contacts.id} FROM ${contacts} WHERE ${contacts.org_id} = ${actor.org_id} AND ${leadsWhere})`;
  const conditions: SQL[] = [sql`${activities.lead_refs} && ARRAY${scopeLeads}`];
  if (teamIds.length)
    conditions.push(sql`${activities.data}->>'team_id' = ANY(${sql.param(teamIds)}::text[])`);
  if (query.region_id)
    conditions.push(
      sql`(${activities.data}->>'region_id' = ${query.region_id} OR ${activities.data}->>'from_region_id' = ${query.region_id})`,
    );
  if (memberIds.length)
    conditions.push(
      sql`(${activities.actor_id} = ANY(${uuidArray(memberIds)}) OR ${activities.user_refs} && ${uuidArray(memberIds)})`,
    );
  const candidates = await visibleActivities(
    ctx,
    actor,
    sql`(${sql.join(conditions, sql` OR `)})`,
    query.limit ?? ACTIVITY_FEED_DEFAULT,
  );
  // The shared rule decides; the query above only narrowed what it is asked about.
  const refs = [
    ...new Set(candidates.flatMap((a) => (Array.isArray(a.lead_refs) ? (a.lead_refs as string[]) : []))),
  ];
  const inScope = refs.length
    ? await ctx.db
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(eq(contacts.org_id, actor.org_id), inArray(contacts.id, refs), leadsWhere))
    : [];
  const scope: FeedScope = {
    teamIds: new Set(teamIds),
    memberIds: new Set(memberIds),
    leadIds: new Set(inScope.map((c) => c.id)),
    ...(query.region_id ? { regionId: query.region_id } : {}),
  };
  return candidates.filter((activity) => activityConcerns(activity, scope));
}
