/**
 * The server side of sync (ARCHITECTURE.md, "Sync protocol invariants").
 * Push: each device numbers its mutations; only `last + 1` is applied, lower ids are answered again
 * as they were (refused ones as refused, with their reason; the rest as duplicates), a gap stops
 * the batch. A batch commits in one transaction that takes one version from the org's
 * counter, together with the device's new last id, so a lost answer never causes a second apply.
 * A batch is first applied straight through; should a mutation be refused, it is applied again
 * with each mutation in a savepoint: a permanent failure is recorded as rejected and still
 * advances the id; a transient one answers 503 and the whole batch advances nothing.
 * Pull: rows the caller may see with version > cursor, in version order, never splitting the rows
 * of one version across pages, with tombstones for deleted rows. Tombstones up to the org's horizon
 * may have been pruned: a cursor below it starts a full sync again, unless the device names the
 * horizon its current full sync started under (the pages of that sync).
 * (Nothing prunes tombstones yet: the horizon stays 0 until something does.)
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, gt, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { ZodError } from 'zod';
import { type Action, type Actor, can, scopeOf } from '#src/domain/permissions.ts';
import { proposalSignSchema } from '#src/domain/proposals/signatureSchema.ts';
import { availabilitySaveSchema, distributionRuleSaveSchema } from '#src/domain/schemas/availability.ts';
import { leadAddSchema, leadEditSchema } from '#src/domain/schemas/lead.ts';
import { notificationReadMutationSchema } from '#src/domain/schemas/notification.ts';
import { recordDeleteSchema, recordSaveSchema } from '#src/domain/schemas/records.ts';
import {
  type MutationResult,
  mutationSchema,
  type PullChange,
  type PullQuery,
  type PushRequest,
} from '#src/domain/schemas/sync.ts';
import { profileSaveSchema, userEditSchema } from '#src/domain/schemas/user.ts';
import { userConfigUpdateSchema } from '#src/domain/schemas/userConfig.ts';
import { SYNC_TABLES, type SyncTable } from '#src/domain/syncProtocol.ts';
import { describeZodError } from '#src/domain/validation.ts';
import { selectPreparedRows } from '../db/client.ts';
import { classifyDatabaseError, isTransientFailure as isUnavailable } from '../db/dbErrors.ts';
import * as schema from '../db/schema.ts';
import type { Caller } from './actors.ts';
import { availabilityScopeWhere, availabilityToWire, saveAvailability } from './availability.ts';
import type { ServiceContext, Tx } from './context.ts';
import { ruleScopeWhere, ruleToWire, saveDistributionRule } from './distribution.ts';
import { fieldWorkLeads } from './fieldWork.ts';
import { ORG_SETTINGS } from './interfaces.ts';
import { addLead, editLead, leadsForPull, leadToWire } from './leads.ts';
import { markNotificationsRead } from './notifications.ts';
import { signProposal } from './proposalSignatures.ts';
import { deleteRecord, saveRecord } from './records.ts';
import { sanitizeStoredRichText } from './richText.ts';
import { contactScopeWhere } from './scopeSql.ts';
import { forbidden, invalid, ServiceError, unavailable } from './serviceError.ts';
import { turfScopeWhere, turfToWire } from './turfs.ts';
import { userConfigToWire, writeUserConfig } from './userConfigs.ts';
import { editUser, saveOwnProfile, usersForPull, userToWire } from './users.ts';
import { pullBounds, withLeasedVersion, withOrgVersion } from './versions.ts';

const { syncClients, syncRejections } = schema;

/** What a mutation must be before the server looks at it: a known shape of name and args. */
const appliedMutationSchema = mutationSchema.pick({ name: true, args: true });

export const TRANSIENT_MESSAGE =
  'The server could not save your changes right now. They are kept on your device and will be sent again.';

/** Registers the device for this user, refusing a device id that belongs to someone else. */
async function ensureClient(ctx: ServiceContext, actor: Actor, clientId: string) {
  const known = () => ctx.db.select().from(syncClients).where(eq(syncClients.client_id, clientId));
  let [client] = await known();
  if (!client) {
    await newClient(ctx.db, actor, clientId);
    [client] = await known();
  }
  return checkClient(actor, client);
}

function newClient(db: Tx, actor: Actor, clientId: string) {
  return db
    .insert(syncClients)
    .values({ client_id: clientId, org_id: actor.org_id, user_id: actor.user_id })
    .onConflictDoNothing();
}

/** A device's row is the signed-in user's, in the org they act in; otherwise refused. */
function checkClient<T extends { user_id: string; org_id: number }>(actor: Actor, client: T | undefined): T {
  if (!client || client.user_id !== actor.user_id) {
    throw forbidden(
      'These changes were made by another user on this device. Sign in as that user to send them.',
    );
  }
  // A device syncs one org: its cursor and its numbered changes mean nothing in another one.
  if (client.org_id !== actor.org_id) {
    throw forbidden('This device syncs another organisation. Sign out and in again to work in this one.');
  }
  return client;
}

/**
 * The device's row, locked until the batch commits (made on its first push), checked as
 * `ensureClient` checks it: one statement for a known device.
 */
async function lockClient(tx: Tx, actor: Actor, clientId: string) {
  const locked = () =>
    tx
      .select({
        user_id: syncClients.user_id,
        org_id: syncClients.org_id,
        last: syncClients.last_mutation_id,
      })
      .from(syncClients)
      .where(eq(syncClients.client_id, clientId))
      .for('update');
  let [client] = await locked();
  if (!client) {
    await newClient(tx, actor, clientId);
    [client] = await locked();
  }
  return checkClient(actor, client);
}

/** A mutation of a batch applied without savepoints was refused: the batch is applied again, with them. */
class RefusedInBatch extends Error {}

export async function push(ctx: ServiceContext, caller: Caller, request: PushRequest) {
  const { actor } = caller;
  try {
    // Most batches apply whole, so they first go without a savepoint per mutation (two round
    // trips fewer each, while the org's version is held). A refusal rolls that attempt back, and
    // the batch is applied again with each mutation in its own savepoint.
    try {
      return await applyBatch(ctx, actor, request, false);
    } catch (err) {
      if (!(err instanceof RefusedInBatch)) throw err;
      return await applyBatch(ctx, actor, request, true);
    }
  } catch (err) {
    // Only an unavailable database is worth the device's retry; anything else is the server's own
    // fault (answered 500 and logged), never a reason to hold the device's queue.
    if (!isTransientFailure(err)) throw err;
    console.error(`sync push from ${request.client_id} failed for now:`, err);
    throw unavailable(TRANSIENT_MESSAGE, 5);
  }
}

/** One attempt at a batch in one transaction; `savepoints`: each mutation in its own, refusals recorded. */
function applyBatch(ctx: ServiceContext, actor: Actor, request: PushRequest, savepoints: boolean) {
  // One version for the whole batch, taken with the transaction and never inside a savepoint, so
  // a rejected mutation can never give it up under the others. Field work (fieldWork.ts) leases it
  // and runs beside other batches; any other batch holds it until commit (versions.ts).
  const fieldWork = fieldWorkLeads(request.mutations);
  const transaction = fieldWork ? withLeasedVersion : withOrgVersion;
  return transaction(ctx.db, actor.org_id, async (tx, version) => {
    // The device row stays locked until commit: a second request from the same device waits
    // here and then sees these mutations as duplicates.
    let { last } = await lockClient(tx, actor, request.client_id);
    const results: MutationResult[] = [];
    // Mutations already answered (the device never heard): as before, applied or refused.
    const answered = await earlierOutcomes(tx, request.client_id, request.mutations, last);
    const toApply = request.mutations.filter((m) => m.id > last);
    if (toApply[0]?.id !== last + 1) {
      // Nothing new, or a gap right away: answer what was already answered.
      for (const m of request.mutations) if (m.id <= last) results.push(answered(m.id));
      return { last_mutation_id: last, results };
    }
    // Its leads locked at once, in one order, so batches of field work never wait on each other
    // in a circle (a deadlock).
    if (fieldWork)
      await tx.execute(
        sql`SELECT 1 FROM ${schema.contacts} WHERE org_id = ${actor.org_id} AND id = ANY(${sql.param(fieldWork)}::uuid[]) ORDER BY id FOR UPDATE`,
      );
    const batchCtx: ServiceContext = { ...ctx, batch: { version } };
    for (const mutation of request.mutations) {
      if (mutation.id <= last) {
        results.push(answered(mutation.id));
        continue;
      }
      if (mutation.id > last + 1) break;
      const outcome = savepoints
        ? await applyInSavepoint(batchCtx, tx, actor, request.client_id, mutation)
        : await applyWhole(batchCtx, tx, actor, request.client_id, mutation);
      if (outcome.status === 'rejected') {
        await tx.insert(syncRejections).values({
          client_id: request.client_id,
          mutation_id: mutation.id,
          name: storableText(typeof mutation.name === 'string' ? mutation.name : '(no name)', 100),
          message: storableText(outcome.message ?? 'Rejected', 1000),
        });
      }
      results.push(outcome);
      last = mutation.id;
    }
    await tx
      .update(syncClients)
      .set({ last_mutation_id: last, updated_at: ctx.now().toISOString() })
      .where(eq(syncClients.client_id, request.client_id));
    return { last_mutation_id: last, results };
  });
}

/**
 * How the server answered mutations it already took: refused ones again as refused, with their
 * reason (a device that lost that answer must still show them as needing attention, never take them
 * as applied), the others as duplicates. Looks only when the batch repeats some.
 */
async function earlierOutcomes(
  tx: Tx,
  clientId: string,
  mutations: PushRequest['mutations'],
  last: number,
): Promise<(id: number) => MutationResult> {
  const repeated = mutations.filter((m) => m.id <= last).map((m) => m.id);
  const refused = new Map<number, string>();
  if (repeated.length) {
    const rows = await tx
      .select({ id: syncRejections.mutation_id, message: syncRejections.message })
      .from(syncRejections)
      .where(and(eq(syncRejections.client_id, clientId), inArray(syncRejections.mutation_id, repeated)));
    for (const row of rows) refused.set(Number(row.id), row.message);
  }
  return (id) => {
    const message = refused.get(id);
    return message === undefined ? { id, status: 'duplicate' } : { id, status: 'rejected', message };
  };
}

/** Applies a mutation straight in the batch's transaction; any refusal sends the batch back to savepoints. */
async function applyWhole(
  ctx: ServiceContext,
  tx: Tx,
  actor: Actor,
  clientId: string,
  mutation: PushRequest['mutations'][number],
): Promise<MutationResult> {
  try {
    await applyMutation({ ...ctx, db: tx as ServiceContext['db'] }, actor, clientId, mutation);
    return { id: mutation.id, status: 'applied' };
  } catch (err) {
    if (isTransientFailure(err)) throw err;
    throw new RefusedInBatch();
  }
}

async function applyInSavepoint(
  ctx: ServiceContext,
  tx: Tx,
  actor: Actor,
  clientId: string,
  mutation: PushRequest['mutations'][number],
): Promise<MutationResult> {
  try {
    // A nested transaction is a savepoint: a rejected mutation leaves no partial write behind.
    await (tx as ServiceContext['db']).transaction(async (savepoint) => {
      await applyMutation({ ...ctx, db: savepoint as ServiceContext['db'] }, actor, clientId, mutation);
    });
    return { id: mutation.id, status: 'applied' };
  } catch (err) {
    if (isTransientFailure(err)) throw err;
    return { id: mutation.id, status: 'rejected', message: rejectionMessage(err, mutation.id) };
  }
}

/** Says why a mutation can never be applied: its input, its rights, a conflict, or a server fault. */
function rejectionMessage(err: unknown, mutationId: number): string {
  if (err instanceof ZodError) return describeZodError(err);
  // Transient reasons never get here (the caller retries them); every other reason is a refusal.
  if (err instanceof ServiceError && !err.transient) return err.message;
  const failure = classifyDatabaseError(err);
  if (failure && failure.kind !== 'other') return failure.message;
  console.error(`sync mutation ${mutationId} failed on the server:`, err);
  return SERVER_FAULT_MESSAGE;
}

export const SERVER_FAULT_MESSAGE =
  'The server could not apply this change because of an error on its side. Try again later, or tell your admin if it keeps happening.';

/** Text the database can store whatever the device sent: no NUL, no lone surrogates, bounded. */
function storableText(text: string, max: number): string {
  return text
    .slice(0, max)
    .replaceAll('\u0000', '')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/**
 * A transient failure: a service saying "not now" (unavailable, rate limited), or a database or
 * network that is unavailable right now.
 */
function isTransientFailure(err: unknown): boolean {
  if (err instanceof ServiceError) return err.transient;
  return isUnavailable(err);
}

async function applyMutation(
  ctx: ServiceContext,
  actor: Actor,
  clientId: string,
  pushed: PushRequest['mutations'][number],
) {
  const mutation = appliedMutationSchema.parse({ name: pushed.name, args: pushed.args });
  switch (mutation.name) {
    case 'lead.add.v1': {
      await addLead(ctx, actor, leadAddSchema.parse(mutation.args));
      return;
    }
    case 'lead.edit.v1': {
      const { base_versions: baseVersions, ...args } = mutation.args as Record<string, unknown> & {
        base_versions?: unknown;
      };
      const versions = parseBaseVersions(baseVersions);
      await editLead(ctx, actor, leadEditSchema.parse(args), { clientId, baseVersions: versions });
      return;
    }
    case 'profile.save.v1': {
      await saveOwnProfile(ctx, actor, profileSaveSchema.parse(mutation.args));
      return;
    }
    case 'user.edit.v1': {
      const input = userEditSchema.parse(mutation.args);
      // A password never waits in a device's queue: it is changed online, with the current one.
      if (input.password !== undefined || input.current_password !== undefined)
        throw invalid('Passwords are changed online, from the profile page. Try again with a connection.');
      await editUser(ctx, actor, input);
      return;
    }
    case 'record.save.v1': {
      await saveRecord(ctx, actor, recordSaveSchema.parse(mutation.args));
      return;
    }
    case 'record.delete.v1': {
      await deleteRecord(ctx, actor, recordDeleteSchema.parse(mutation.args));
      return;
    }
    case 'notification.read.v1': {
      const { id } = notificationReadMutationSchema.parse(mutation.args);
      await markNotificationsRead(ctx, actor, { ids: [id] });
      return;
    }
    case 'user_config.save.v1': {
      await writeUserConfig(ctx, actor, userConfigUpdateSchema.parse(mutation.args), 'save');
      return;
    }
    case 'proposal.sign.v1': {
      await signProposal(ctx, actor, proposalSignSchema.parse(mutation.args));
      return;
    }
    case 'availability.save.v1': {
      await saveAvailability(ctx, actor, availabilitySaveSchema.parse(mutation.args));
      return;
    }
    case 'distribution_rule.save.v1': {
      await saveDistributionRule(ctx, actor, distributionRuleSaveSchema.parse(mutation.args));
      return;
    }
    default:
      throw invalid(
        `This app version sent a change the server does not know ('${mutation.name}'). Update the app and try again.`,
      );
  }
}

function parseBaseVersions(value: unknown): Record<string, number> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value))
    throw invalid('base_versions must be an object of field versions.');
  const out: Record<string, number> = {};
  for (const [key, v] of Object.entries(value)) {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0)
      throw invalid(`base_versions.${key} must be a whole number.`);
    out[key] = v;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Pull

interface TableSource {
  table: PgTable & { version: never };
  /** Which rows of this table the caller may see (tombstones included), or undefined for none. */
  where(actor: Actor): SQL | undefined;
  /** The row as this caller receives it. */
  toWire(row: Record<string, unknown>, actor: Actor): Record<string, unknown>;
  /** Reads a page's rows already in their wire shape, where that is much faster than `select`. */
  wireRows?(ctx: ServiceContext, where: SQL): Promise<Record<string, unknown>[]>;
}

const plainWire = (row: Record<string, unknown>) => {
  const { data, ...rest } = row as Record<string, unknown> & { data?: unknown };
  return {
    ...(data && typeof data === 'object' && !Array.isArray(data) ? (data as object) : {}),
    ...rest,
    _id: row.id,
  };
};

const orgWide = (table: { org_id: unknown }, action: Action) => (actor: Actor) =>
  can(actor, action) ? sql`${table.org_id} = ${actor.org_id}` : undefined;

/** A table the caller sees whole (within their org) when they may read it at all. */
const orgTable = (table: PgTable & { org_id: unknown }, action: Action): TableSource => ({
  table: table as never,
  where: orgWide(table, action),
  toWire: plainWire,
});

/**
 * Whether the record's lead is one the caller sees, asked of that one lead (its primary key, then
 * the caller's scope). Written as `lead_id IN (SELECT id FROM contacts WHERE scope)`, the database
 * hashed every lead the caller sees, for every table of every pull: with 100,000 leads that was
 * most of a pull's time.
 */
const leadVisible = (leadId: unknown, actor: Actor) =>
  sql`EXISTS (SELECT 1 FROM ${schema.contacts} WHERE ${schema.contacts.id} = ${leadId} AND ${contactScopeWhere(actor, scopeOf(actor, 'contacts.read'))})`;
/** Whether any of the activity's leads is one the caller sees (the same question, lead by lead). */
const anyLeadVisible = (actor: Actor) => leadVisible(sql`ANY(${schema.activities.lead_refs})`, actor);

/** Records of a lead: seen with the lead. Media without a lead are seen by their uploader. */
const leadRecords = (
  table: PgTable & { org_id: unknown; lead_id: unknown; created_by: unknown },
): TableSource => ({
  table: table as never,
  where: (actor) =>
    can(actor, 'contacts.read')
      ? sql`${table.org_id} = ${actor.org_id} AND (${leadVisible(table.lead_id, actor)} OR (${table.lead_id} IS NULL AND ${table.created_by} = ${actor.user_id}))`
      : undefined,
  toWire: plainWire,
});

const SOURCES: Record<SyncTable, TableSource> = {
  contacts: {
    table: schema.contacts as never,
    where: (actor) => {
      const scope = scopeOf(actor, 'contacts.read');
      return scope === 'none' ? undefined : contactScopeWhere(actor, scope, { includeDeleted: true });
    },
    toWire: (row) => leadToWire(row as typeof schema.contacts.$inferSelect),
    // Nearly every row of a first sync is a lead.
    wireRows: (ctx, where) => leadsForPull(ctx, where),
  },
  users: {
    table: schema.users as never,
    where: (actor) =>
      scopeOf(actor, 'users.read') === 'org'
        ? sql`${schema.users.org_id} = ${actor.org_id}`
        : sql`${schema.users.id} = ${actor.user_id}`,
    toWire: (row) => userToWire(row as typeof schema.users.$inferSelect),
    // With each user's teams, which live in team_members.
    wireRows: (ctx, where) => usersForPull(ctx, where),
  },
  teams: orgTable(schema.teams, 'teams.read'),
  team_members: orgTable(schema.teamMembers, 'teams.read'),
  regions: orgTable(schema.regions, 'regions.read'),
  // A rep pulls their own turf (and those they held before); managers their regions' (turfs.ts).
  turfs: { table: schema.turfs as never, where: turfScopeWhere, toWire: turfToWire },
  // Whoever books appointments pulls the org's availability (whole or its booking view) and rules.
  availability: {
    table: schema.availability as never,
    where: availabilityScopeWhere,
    toWire: availabilityToWire,
  },
  distribution_rules: { table: schema.distributionRules as never, where: ruleScopeWhere, toWire: ruleToWire },
  products: orgTable(schema.products, 'products.read'),
  sales_channels: orgTable(schema.salesChannels, 'salesChannels.read'),
  interfaces: {
    table: schema.interfaces as never,
    where: (actor) =>
      can(actor, 'dealStages.read')
        ? and(
            eq(schema.interfaces.org_id, actor.org_id),
            inArray(schema.interfaces.key, Object.keys(ORG_SETTINGS)),
          )
        : undefined,
    toWire: (row) => ({ ...row, _id: row.id }),
  },
  notifications: {
    table: schema.notifications as never,
    where: (actor) =>
      sql`${schema.notifications.org_id} = ${actor.org_id} AND ${schema.notifications.user_id} = ${actor.user_id}`,
    toWire: (row) => ({ ...row, _id: row.id, id: row.seq }),
  },
  announcements: orgTable(schema.announcements, 'announcements.read'),
  contests: orgTable(schema.contests, 'contests.read'),
  layouts: {
    table: schema.layouts as never,
    where: (actor) =>
      actor.level === 'Guest'
        ? undefined
        : sql`${schema.layouts.org_id} = ${actor.org_id} AND (${schema.layouts.is_global} OR ${schema.layouts.shared_at} IS NOT NULL OR ${schema.layouts.owner_id} IS NULL OR ${schema.layouts.owner_id} = ${actor.user_id})`,
    toWire: plainWire,
  },
  // A card is seen by its owner, and by everyone when a global (or org-shared, or once-shared) layout holds it.
  cards: {
    table: schema.cards as never,
    where: (actor) =>
      actor.level === 'Guest'
        ? undefined
        : sql`${schema.cards.org_id} = ${actor.org_id} AND (${schema.cards.created_by} = ${actor.user_id} OR ${schema.cards.id} IN (SELECT unnest(${schema.layouts.cards}) FROM ${schema.layouts} WHERE ${schema.layouts.org_id} = ${actor.org_id} AND ${schema.layouts.deleted_at} IS NULL AND (${schema.layouts.is_global} OR ${schema.layouts.shared_at} IS NOT NULL OR ${schema.layouts.owner_id} IS NULL)))`,
    toWire: plainWire,
  },
  notes: leadRecords(schema.notes),
  appointments: leadRecords(schema.appointments),
  table_views: {
    table: schema.filterViews as never,
    // Everyone sees the global views, and every later change of one once shared (so taking it back
    // from global reaches them: the device lists only global views and the user's own).
    where: (actor) =>
      actor.level === 'Guest'
        ? undefined
        : sql`${schema.filterViews.org_id} = ${actor.org_id} AND (${schema.filterViews.global} OR ${schema.filterViews.shared_at} IS NOT NULL OR ${schema.filterViews.created_by} = ${actor.user_id})`,
    toWire: plainWire,
  },
  media: leadRecords(schema.media),
  surveys: leadRecords(schema.surveys),
  proposals: leadRecords(schema.proposals),
  survey_templates: orgTable(schema.surveyTemplates, 'contacts.read'),
  orgs: {
    table: schema.orgs as never,
    where: (actor) => sql`${schema.orgs.id} = ${actor.org_id}`,
    // Devices key organisations by uuid; `id` stays the spec's numeric org id.
    toWire: (row) => ({ ...plainWire(row), _id: row.uuid, id: row.id }),
  },
  // Every user of the org pulls its named roles: their device builds its own grants from them.
  roles: {
    table: schema.roles as never,
    where: (actor) => sql`${schema.roles.org_id} = ${actor.org_id}`,
    toWire: (row) => ({ ...row, _id: String(row.id) }),
  },
  // Knocks (with their classification and distance from the pin) are seen org-wide by whoever may
  // see the leaderboard; where the device stood is not sent (who may see positions is paths.read's).
  knocks: {
    table: schema.knocks as never,
    where: orgWide(schema.knocks, 'contests.read'),
    toWire: (row) => {
      const { lat: _lat, lng: _lng, accuracy: _accuracy, ...rest } = row;
      return plainWire(rest);
    },
  },
  // Automations are org settings: their admins keep them on the device to read and change offline.
  automations: orgTable(schema.automations, 'automations.manage'),
  // A configuration follows its user to every device of theirs, and to no one else's.
  user_configs: {
    table: schema.userConfigs as never,
    where: (actor) =>
      sql`${schema.userConfigs.org_id} = ${actor.org_id} AND ${schema.userConfigs.user_id} = ${actor.user_id}`,
    toWire: (row) => userConfigToWire(row as typeof schema.userConfigs.$inferSelect),
  },
  activities: {
    table: schema.activities as never,
    where: (actor) => {
      const scope = scopeOf(actor, 'activities.read');
      if (scope === 'none') return undefined;
      if (scope === 'org') return sql`${schema.activities.org_id} = ${actor.org_id}`;
      return sql`${schema.activities.org_id} = ${actor.org_id} AND (${schema.activities.actor_id} = ${actor.user_id} OR ${anyLeadVisible(actor)})`;
    },
    toWire: plainWire,
  },
};

/** The tables a pull reads: each is read by org and version, so each needs that index (schema.ts). */
export const PULLED_TABLES: readonly PgTable[] = Object.values(SOURCES).map((s) => s.table as PgTable);

function col(table: PgTable, name: string): SQL {
  return sql`${table}.${sql.identifier(name)}`;
}

/** A fingerprint of what the caller can reach; when it changes, rows may have entered its view. */
export function scopeHash(actor: Actor): string {
  const facts = [
    actor.org_id,
    actor.level,
    [...actor.team_ids].sort(),
    [...actor.managed_team_ids].sort(),
    [...actor.region_ids].sort(),
    [...actor.managed_member_ids].sort(),
  ];
  // A granted read widens what the pull sends; other grants do not, so they cause no re-sync.
  const widening = (actor.granted ?? []).filter((action) => action.endsWith('.read')).sort();
  if (widening.length) facts.push(widening);
  return createHash('sha256').update(JSON.stringify(facts)).digest('hex').slice(0, 32);
}

export async function pull(ctx: ServiceContext, caller: Caller, query: PullQuery) {
  const { actor } = caller;
  let cursor = query.cursor;
  let reset = false;
  let lastMutationId = 0;

  const bounds = await pullBounds(ctx.db, actor.org_id);
  const horizon = bounds?.horizon ?? 0;
  // Only versions every writer below has finished with (committed or given up): a write still
  // open under a lower version would otherwise commit behind the cursor (versions.ts).
  // An org that never had a versioned write has no counter, and so no lease: its rows (written
  // without it, at version 1) are all readable.
  const reachable = bounds?.reachable ?? Number.MAX_SAFE_INTEGER;
  // Tombstones up to the horizon may be gone: a device past it missed none; one that started its
  // full sync under it holds no row they deleted; any other must start again from 0. (An app from
  // before devices named their horizon sends none, and below a raised horizon would be sent back
  // on every page: a job that prunes tombstones must wait until no such app syncs.)
  if (cursor > 0 && cursor < horizon && (query.horizon ?? 0) < horizon) reset = true;
  if (query.client_id) {
    const client = await ensureClient(ctx, actor, query.client_id);
    lastMutationId = client.last_mutation_id;
    const hash = scopeHash(actor);
    if (cursor > 0 && client.scope_hash !== null && client.scope_hash !== hash) reset = true;
    if (client.scope_hash !== hash) {
      await ctx.db
        .update(syncClients)
        .set({ scope_hash: hash })
        .where(eq(syncClients.client_id, query.client_id));
    }
  }
  if (reset) cursor = 0;

  const sources = SYNC_TABLES.map((name) => ({
    name,
    source: SOURCES[name],
    where: SOURCES[name].where(actor),
  })).filter((s): s is typeof s & { where: SQL } => s.where !== undefined);

  // Phase 1: the highest version this page may reach, so about `limit` rows come back. One
  // statement for every table: each one's lowest versions above the cursor.
  const lowest = sql.join(
    sources.map(({ source, where }, index) => {
      const version = col(source.table, 'version');
      const open = and(where, gt(version as never, cursor), lte(version as never, reachable));
      return sql`(SELECT ${index}::int AS source, ${version} AS v FROM ${source.table} WHERE ${open} ORDER BY ${version} LIMIT ${query.limit + 1})`;
    }),
    sql` UNION ALL `,
  );
  const found = (await selectPreparedRows(ctx.db, lowest)).map((r) => ({
    source: Number(r.source),
    v: Number(r.v),
  }));
  const versions = found.map((r) => r.v).sort((a, b) => a - b);
  if (!versions.length) {
    return {
      changes: [] as PullChange[],
      cursor,
      last_mutation_id: lastMutationId,
      has_more: false,
      reset,
      horizon,
    };
  }
  const boundary = versions[Math.min(query.limit, versions.length) - 1] as number;
  const hasMore = versions.some((v) => v > boundary);

  // Phase 2: every row up to that version, so one transaction's rows never split across pages;
  // only from the tables that have some (their lowest version above the cursor is at most it).
  const changed = new Set(found.filter((r) => r.v <= boundary).map((r) => r.source));
  const changes: PullChange[] = [];
  for (const { name, source, where } of sources.filter((_, index) => changed.has(index))) {
    const version = col(source.table, 'version');
    const inPage = and(where, gt(version as never, cursor), lte(version as never, boundary)) as SQL;
    const wire = source.wireRows
      ? await source.wireRows(ctx, inPage)
      : (
          (await ctx.db
            .select()
            .from(source.table)
            .where(inPage)
            .orderBy(asc(version as never))) as Record<string, unknown>[]
        ).map((row) => source.toWire(row, actor));
    for (const row of wire) {
      // Rich text stored before bodies were cleaned on write still leaves clean.
      changes.push({ table: name, row: sanitizeStoredRichText(name, row) as PullChange['row'] });
    }
  }
  changes.sort((a, b) => a.row.version - b.row.version);
  return { changes, cursor: boundary, last_mutation_id: lastMutationId, has_more: hasMore, reset, horizon };
}

/**
 * What the caller may read of a synced table, by the pull's own rule (tombstones included), with
 * the wire shape the pull sends: the legacy data service's reads go through it.
 */
export function readableTable(name: SyncTable, actor: Actor) {
  const source = SOURCES[name];
  return {
    table: source.table as PgTable,
    where: source.where(actor),
    toWire: (row: Record<string, unknown>) => source.toWire(row, actor),
  };
}
