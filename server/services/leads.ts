/** Leads (contacts): the spec's get / add / edit with the shared rules and the permission table. */
import { and, desc, eq, getTableColumns, gt, isNotNull, type SQL, sql } from 'drizzle-orm';
import { INSTALLED_STATUS } from '#src/domain/dealStages.ts';
import { isActiveUser, type ReassignRefusal, reassignRefusal } from '#src/domain/leadAssignment.ts';
import { canRestoreDeletedLeads, canRestoreLead } from '#src/domain/leadDeletion.ts';
import { type LeadNormalizationContext, normalizeLead } from '#src/domain/leadNormalization.ts';
import { PLACEMENT_ADDRESS_FIELDS, PLACEMENT_FIELD, placementAddress } from '#src/domain/leadPlacement.ts';
import { type Actor, canOnContact, contactInScope, scopeOf } from '#src/domain/permissions.ts';
import {
  DELETED_LEADS_LIMIT,
  type DeletedLeadsQuery,
  LEAD_BULK_LIMIT,
  LEAD_COLUMN_KEYS,
  LEAD_EXTRA_KEYS,
  LEAD_SEARCH_DEFAULT_LIMIT,
  type LeadAddInput,
  type LeadEditInput,
  type LeadFilters,
  type LeadQuery,
} from '#src/domain/schemas/lead.ts';
import {
  type ServerTextKey,
  type ServerTextParams,
  serverText,
  storedServerText,
} from '#src/domain/serverTexts.ts';
import { selectRows } from '../db/client.ts';
import { activities, contacts, toIsoTimestamp, users } from '../db/schema.ts';
import { recordAutomationEvent } from './automations/events.ts';
import { nudge } from './automations/nudge.ts';
import type { ServiceContext, Tx } from './context.ts';
import { distributeLead } from './distribution.ts';
import { dealStagesFor } from './interfaces.ts';
import { recordKnock } from './knocks.ts';
import { notifyLeadAssigned, userName } from './notify.ts';
import { positionChanged, regionAtPosition } from './regionAssignment.ts';
import { contactScopeWhere } from './scopeSql.ts';
import { conflict, forbidden, invalid, notFound } from './serviceError.ts';
import { turfAtPosition } from './turfAssignment.ts';
import { inVersionedTransaction } from './versions.ts';

export type ContactRow = typeof contacts.$inferSelect;
/** A contact as the answers read it: every column but the per-field writers, which never leave the server. */
type ReadContact = Omit<ContactRow, 'field_writers'>;

/** The columns `leadToWire` sends, so the reads that feed it leave `field_writers` in the database. */
const WIRE_COLUMNS = sql.raw(
  Object.values(getTableColumns(contacts))
    .filter((column) => column.name !== 'field_writers')
    .map((column) => `"${column.name}"`)
    .join(', '),
);
type ContactValues = Partial<typeof contacts.$inferInsert>;
type Json = Record<string, unknown>;

/** Fields a knock or status change touches; anything else is a full edit. */
const STATUS_FIELDS = new Set(['status', 'deal_stage', 'deal_stage_status', 'deal_status', 'stage']);
const NOT_FOUND = 'This lead does not exist or you do not have access to it.';

/** The lead as the spec's answers show it: the stored extras, columns, `_id` and location. */
export function leadToWire(row: ReadContact & { field_writers?: unknown }) {
  const { data, lat, lng, field_writers: _writers, ...columns } = row;
  const coordinates = lat !== null && lng !== null ? [lng, lat] : null;
  return {
    ...(data as Json),
    ...columns,
    _id: row.id,
    region: row.region_id,
    coordinates,
    address_obj: {
      display_address: row.address ?? '',
      coordinates,
      position: coordinates ? { lat, lng } : null,
    },
  };
}
export type LeadWire = ReturnType<typeof leadToWire>;

/**
 * The leads of a sync pull page, in version order and wire shape. The database hands the page
 * over as ONE JSON text (json_agg): reading 5,000 rows column by column through the driver took
 * several times longer (most of a first sync's server time on the embedded database).
 */
export async function leadsForPull(ctx: ServiceContext, where: SQL): Promise<LeadWire[]> {
  const [page] = await selectRows(
    ctx.db,
    sql`SELECT coalesce(json_agg(c ORDER BY c.version), '[]')::text AS rows FROM (SELECT ${WIRE_COLUMNS} FROM ${contacts} WHERE ${where}) c`,
  );
  const rows = JSON.parse(String(page?.rows ?? '[]')) as Record<string, unknown>[];
  return rows.map((raw) => leadToWire(contactFromDb(raw)));
}

const CONTACT_TIMESTAMPS = ['created_at', 'updated_at', 'deleted_at', 'last_touched_at'] as const;

/** A raw database row as the schema's typed row: numbers for versions, ISO strings for time stamps. */
function contactFromDb(raw: Record<string, unknown>): ReadContact {
  const row = raw as Record<string, unknown>;
  row.version = Number(row.version);
  for (const column of CONTACT_TIMESTAMPS) {
    const value = row[column];
    if (value !== null && value !== undefined) row[column] = toIsoTimestamp(value as string | Date);
  }
  return row as ReadContact;
}

export async function getLeads(ctx: ServiceContext, actor: Actor, query: LeadQuery) {
  const scope = scopeOf(actor, 'contacts.read');
  if (scope === 'none') throw forbidden('Your access level cannot view leads.');
  const ids = [...(query.ids ?? []), ...(query._ids ?? [])];
  if (ids.length > LEAD_BULK_LIMIT) throw invalid(`Ask for at most ${LEAD_BULK_LIMIT} ids at a time.`);
  const conditions: SQL[] = [contactScopeWhere(actor, scope)];
  if (ids.length) conditions.push(sql`${contacts.id} = ANY(${sql.param(ids)}::uuid[])`);
  if (query.q) conditions.push(searchCondition(query.q));
  if (query.filters) conditions.push(...filterConditions(query.filters));
  if (query.after) conditions.push(gt(contacts.id, query.after));
  const limit =
    query.limit ?? (ids.length ? ids.length : query.q ? LEAD_SEARCH_DEFAULT_LIMIT : LEAD_BULK_LIMIT);
  // The busiest read of the API: raw rows skip the ORM's per-column mapping.
  const raw = await selectRows(
    ctx.db,
    sql`SELECT ${WIRE_COLUMNS} FROM ${contacts} WHERE ${and(...conditions)} ORDER BY ${contacts.id} LIMIT ${limit}`,
  );
  const rows = raw.map(contactFromDb);
  const last = rows.at(-1);
  return {
    data: rows.map(leadToWire),
    count: rows.length,
    next_after: rows.length === limit && last ? last.id : null,
  };
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

function searchCondition(q: string): SQL {
  const pattern = `%${escapeLike(q.trim())}%`;
  const digits = q.replace(/\D/g, '');
  const phone = digits.length >= 3 ? sql` OR ${contacts.phone} LIKE ${`%${digits}%`}` : sql``;
  return sql`(${contacts.name} ILIKE ${pattern} OR ${contacts.address} ILIKE ${pattern} OR ${contacts.email} ILIKE ${pattern}${phone})`;
}

function anyOf(column: SQL | typeof contacts.deal_stage, value: string | string[], cast = 'text'): SQL {
  const list = Array.isArray(value) ? value : [value];
  return sql`${column} = ANY(${sql.param(list)}::${sql.raw(cast)}[])`;
}

function filterConditions(filters: LeadFilters): SQL[] {
  const out: SQL[] = [];
  if (filters.deal_stage !== undefined) out.push(anyOf(contacts.deal_stage as never, filters.deal_stage));
  if (filters.deal_stage_status !== undefined)
    out.push(anyOf(contacts.deal_stage_status as never, filters.deal_stage_status));
  if (filters.status !== undefined) out.push(anyOf(contacts.status as never, filters.status));
  if (filters.owner_id !== undefined) out.push(anyOf(contacts.owner_id as never, filters.owner_id, 'uuid'));
  if (filters.team_id !== undefined) out.push(anyOf(contacts.team_id as never, filters.team_id, 'uuid'));
  if (filters.region_id !== undefined)
    out.push(anyOf(contacts.region_id as never, filters.region_id, 'uuid'));
  if (filters.city !== undefined) out.push(sql`${contacts.city} ILIKE ${escapeLike(filters.city)}`);
  if (filters.state !== undefined) out.push(eq(contacts.state, filters.state.toUpperCase()));
  if (filters.zip !== undefined) out.push(sql`${contacts.zip} LIKE ${`${escapeLike(filters.zip)}%`}`);
  if (filters.lead_source !== undefined) out.push(eq(contacts.lead_source, filters.lead_source));
  if (filters.updated_since !== undefined) out.push(sql`${contacts.updated_at} >= ${filters.updated_since}`);
  if (filters.touched_since !== undefined)
    out.push(sql`${contacts.last_touched_at} >= ${filters.touched_since}`);
  return out;
}

/**
 * The shared normalisation (src/domain/leadNormalization.ts) of an add or an edit, split into
 * column values, extras and lat/lng for storage. An address the spec's rules cannot resolve is a
 * 400 with the spec's text, before anything is written.
 */
function normalizeFields(
  input: LeadAddInput | LeadEditInput,
  context: LeadNormalizationContext,
): { values: ContactValues; extras: Json; derived: Set<string> } {
  const normalized = normalizeLead(input, context);
  if (!normalized.ok) throw invalid(normalized.error);
  const { fields } = normalized;
  const values: Record<string, unknown> = {};
  const extras: Json = {};
  for (const key of LEAD_COLUMN_KEYS) if (fields[key] !== undefined) values[key] = fields[key];
  for (const key of LEAD_EXTRA_KEYS) if (fields[key] !== undefined) extras[key] = fields[key];
  if (fields.coordinates !== undefined) {
    const coordinates = fields.coordinates as [number, number] | null;
    values.lng = coordinates ? coordinates[0] : null;
    values.lat = coordinates ? coordinates[1] : null;
  }
  return { values: values as ContactValues, extras, derived: new Set(normalized.derived) };
}

function facts(
  row: Pick<ContactRow, 'org_id' | 'owner_id' | 'energy_consultants' | 'team_id' | 'region_id'>,
) {
  return {
    org_id: row.org_id,
    owner_id: row.owner_id,
    energy_consultants: row.energy_consultants,
    team_id: row.team_id,
    region_id: row.region_id,
  };
}

export async function addLead(ctx: ServiceContext, actor: Actor, input: LeadAddInput): Promise<LeadWire> {
  const scope = scopeOf(actor, 'contacts.create');
  if (scope === 'none') throw forbidden('Your access level cannot add leads.');
  const stages = await dealStagesFor(ctx, ctx.db, actor.org_id);
  const { values, extras } = normalizeFields(input, { stages, userId: actor.user_id });
  const id = input.id ?? input._id;
  // Added without an owner (`owner_id: null`): the lead's region's rule chooses one (distribution.ts).
  const unowned = input.owner_id === null;

  const row: ContactValues = {
    ...values,
    org_id: actor.org_id,
    owner_id: unowned ? null : (values.owner_id ?? actor.user_id),
    team_id: values.team_id !== undefined ? values.team_id : (actor.team_ids[0] ?? null),
    region_id: values.region_id !== undefined ? values.region_id : (actor.region_ids[0] ?? null),
    energy_consultants: values.energy_consultants?.length ? values.energy_consultants : [actor.user_id],
    deal_stage_status: values.deal_stage_status ?? '',
    name: values.name ?? '',
    data: extras,
    created_by: actor.user_id,
    updated_by: actor.user_id,
    last_touched_at: ctx.now().toISOString(),
    last_touched_by: actor.user_id,
  };
  if (id) row.id = id;
  // A rep creates leads for themselves; assigning to others needs a manager's or admin's reach.
  if (!contactInScope(actor, scope, facts(row as ContactRow))) {
    throw forbidden('You can only add leads that you own or that belong to your teams.');
  }

  return inVersionedTransaction(ctx, actor.org_id, async (tx, version) => {
    if (id) {
      const [existing] = await tx.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, id));
      if (existing) throw conflict('A lead with this id already exists.');
    }
    // The region follows the position (server/services/regionAssignment.ts).
    row.region_id = await regionAtPosition(tx, actor.org_id, row.lng, row.lat, row.region_id ?? null);
    row.turf_id = await turfAtPosition(tx, actor.org_id, row.lng, row.lat, null);
    if (unowned) row.owner_id = await distributeLead(ctx, tx, actor.org_id, row, version);
    const [inserted] = await tx
      .insert(contacts)
      .values({ ...row, version } as typeof contacts.$inferInsert)
      .returning();
    if (!inserted) throw new Error('insert returned no row');
    await recordActivity(
      tx,
      actor,
      version,
      inserted.id,
      'add_lead',
      `added ${inserted.name || 'a lead'}`,
      {},
      leadText('activity.added'),
    );
    await notifyLeadAssigned(tx, actor, version, undefined, inserted);
    askToPlace(ctx, inserted);
    const wire = leadToWire(inserted);
    await recordAutomationEvent(ctx, tx, actor, {
      type: 'lead.created',
      table: 'contacts',
      recordId: inserted.id,
      after: wire,
    });
    return wire;
  });
}

/** Fields a device may only change if it saw their latest server value (protected fields: ARCHITECTURE.md, "Sync protocol invariants"). */
export const PROTECTED_FIELDS = ['deal_stage_status', 'deal_stage', 'status', 'owner_id'] as const;

export interface EditOrigin {
  /** The device sending the edit through sync. */
  clientId: string;
  /** The field versions the device saw when it made the edit. */
  baseVersions: Record<string, number>;
}

/** How an edit is written besides its fields. */
interface EditOptions {
  /**
   * False when the caller tells whoever it gave the lead to in its own words, once for many leads
   * (a turf's rep hears of the turf, not of each door); the lead's activities are written all the same.
   */
  notifyAssignees?: boolean;
}

export async function editLead(
  ctx: ServiceContext,
  actor: Actor,
  input: LeadEditInput,
  origin?: EditOrigin,
  options: EditOptions = {},
): Promise<LeadWire> {
  const id = (input.id ?? input._id) as string;
  // The org's version before the lead's row (inVersionedTransaction, versions.ts).
  return inVersionedTransaction(ctx, actor.org_id, async (tx, version) => {
    const [existing] = await tx
      .select()
      .from(contacts)
      .where(and(eq(contacts.id, id), eq(contacts.org_id, actor.org_id)))
      .for('update');
    if (!existing || !canOnContact(actor, 'contacts.read', existing)) throw notFound(NOT_FOUND);
    if (existing.deleted_at) {
      if (input.deleted !== false) throw notFound('This lead was deleted and can no longer be edited.');
      return restoreLead(ctx, tx, actor, version, existing);
    }
    if (input.deleted === false && Object.keys(input).every((key) => NOT_FIELDS.has(key)))
      return leadToWire(existing);

    if (input.deleted) {
      if (!canOnContact(actor, 'contacts.delete', existing))
        throw forbidden('You do not have permission to delete this lead.');
      const now = ctx.now().toISOString();
      const [deleted] = await tx
        .update(contacts)
        .set({ deleted_at: now, updated_at: now, updated_by: actor.user_id, version })
        .where(eq(contacts.id, id))
        .returning();
      await recordActivity(
        tx,
        actor,
        version,
        id,
        'lead_deleted',
        `deleted ${existing.name || 'a lead'}`,
        {},
        leadText('activity.deleted'),
      );
      return leadToWire(deleted as ContactRow);
    }

    const stages = await dealStagesFor(ctx, tx, actor.org_id);
    const { values, extras, derived } = normalizeFields(input, { existing: leadToWire(existing), stages });
    // Stage fields the stage/status rule sets as a consequence are stored, not counted as changed.
    const changedKeys = [...Object.keys(values), ...Object.keys(extras)].filter(
      (key) =>
        !derived.has(key) &&
        (key in values
          ? !sameValue((existing as Record<string, unknown>)[key], (values as Record<string, unknown>)[key])
          : !sameValue((existing.data as Json)[key], extras[key])),
    );
    if (!changedKeys.length) return leadToWire(existing);

    if (origin) rejectStaleProtectedFields(existing, changedKeys, origin);
    if (changedKeys.includes('owner_id')) await checkReassign(tx, actor, existing, values.owner_id ?? null);
    const statusOnly = changedKeys.every((key) => STATUS_FIELDS.has(key));
    const action = statusOnly ? 'contacts.status' : 'contacts.edit';
    if (!canOnContact(actor, action, existing)) {
      throw forbidden(
        statusOnly
          ? 'You do not have permission to change the status of this lead.'
          : 'Only the lead owner, its energy consultants, their managers and admins can edit this lead.',
      );
    }
    const moved = { ...existing, ...values } as ContactRow;
    if (!contactInScope(actor, scopeOf(actor, action), facts(moved))) {
      throw forbidden('You cannot move this lead outside the teams and owners you manage.');
    }
    if (positionChanged(existing, values)) {
      values.region_id = await regionAtPosition(tx, actor.org_id, moved.lng, moved.lat, moved.region_id);
      values.turf_id = await turfAtPosition(tx, actor.org_id, moved.lng, moved.lat, existing.turf_id);
    }

    const now = ctx.now().toISOString();
    const stamped = stampFields(existing, changedKeys, version, origin?.clientId);
    // A new address is worth looking up again, even where the old one was not found (leadPlacement.ts).
    const readdressed = changedKeys.some((key) =>
      (PLACEMENT_ADDRESS_FIELDS as readonly string[]).includes(key),
    );
    const { [PLACEMENT_FIELD]: _mark, ...kept } = existing.data as Json;
    const [updated] = await tx
      .update(contacts)
      .set({
        ...values,
        data: { ...(readdressed ? kept : (existing.data as Json)), ...extras },
        ...stamped,
        version,
        updated_at: now,
        updated_by: actor.user_id,
        ...(changedKeys.some((key) => STATUS_FIELDS.has(key))
          ? { last_touched_at: now, last_touched_by: actor.user_id }
          : {}),
      })
      .where(eq(contacts.id, id))
      .returning();
    await recordChangeActivities(tx, actor, version, existing, updated as ContactRow);
    if (!sameValue(existing.deal_stage_status, (updated as ContactRow).deal_stage_status)) {
      const status = (updated as ContactRow).deal_stage_status;
      const pin = { lat: existing.lat, lng: existing.lng };
      await recordKnock(ctx, tx, actor, version, { id, status, ...pin }, input.knock);
    }
    if (changedKeys.includes('owner_id'))
      await recordReassign(tx, actor, version, existing, updated as ContactRow);
    if (options.notifyAssignees !== false)
      await notifyLeadAssigned(tx, actor, version, existing, updated as ContactRow);
    if (readdressed) askToPlace(ctx, updated as ContactRow);
    const wire = leadToWire(updated as ContactRow);
    await recordAutomationEvent(ctx, tx, actor, {
      type: 'lead.updated',
      table: 'contacts',
      recordId: id,
      before: leadToWire(existing),
      after: wire,
    });
    return wire;
  });
}

const REASSIGN_REFUSALS: Record<ReassignRefusal, () => Error> = {
  not_allowed: () => forbidden('Your access level cannot reassign leads.'),
  lead_out_of_reach: () => forbidden('You can only reassign leads of the teams you manage.'),
  inactive_user: () => invalid('The new owner must be an active user of your organization.'),
  user_out_of_reach: () => forbidden('You can only assign leads to members of the teams you manage.'),
};

/** A new owner only as the shared rule allows (src/domain/leadAssignment.ts). */
async function checkReassign(tx: Tx, actor: Actor, existing: ContactRow, ownerId: string | null) {
  const [target] = ownerId
    ? await tx
        .select({
          id: users.id,
          org_id: users.org_id,
          status: users.status,
          active: users.active,
          deleted_at: users.deleted_at,
        })
        .from(users)
        .where(and(eq(users.id, ownerId), eq(users.org_id, actor.org_id)))
    : [];
  const user = target ? { id: target.id, org_id: target.org_id, active: isActiveUser(target) } : undefined;
  const refusal = reassignRefusal(actor, facts(existing), user);
  if (refusal) throw REASSIGN_REFUSALS[refusal]();
}

/** The lead's activity naming who gave it to whom. */
async function recordReassign(tx: Tx, actor: Actor, version: number, before: ContactRow, after: ContactRow) {
  const from = before.owner_id ? await userName(tx, actor, before.owner_id) : '';
  const to = after.owner_id ? await userName(tx, actor, after.owner_id) : '';
  await recordActivity(
    tx,
    actor,
    version,
    after.id,
    'lead_reassigned',
    `reassigned the lead to ${to}`,
    { field: 'owner_id', old: before.owner_id, new: after.owner_id, from_name: from, to_name: to },
    to ? leadText('activity.reassigned', { to }) : undefined,
  );
}

/** Keys of an edit that are not fields of the lead. */
const NOT_FIELDS = new Set(['id', '_id', 'deleted', 'knock']);

/** Brings a deleted lead back (src/domain/leadDeletion.ts says who may), as it was when deleted. */
async function restoreLead(
  ctx: ServiceContext,
  tx: Tx,
  actor: Actor,
  version: number,
  existing: ContactRow,
): Promise<LeadWire> {
  if (!canRestoreLead(actor, existing, ctx.now())) {
    throw forbidden(
      'Only an admin can restore a deleted lead (the one who deleted it can undo that for a few minutes).',
    );
  }
  const now = ctx.now().toISOString();
  const [restored] = await tx
    .update(contacts)
    .set({ deleted_at: null, updated_at: now, updated_by: actor.user_id, version })
    .where(eq(contacts.id, existing.id))
    .returning();
  await recordActivity(
    tx,
    actor,
    version,
    existing.id,
    'lead_restored',
    `restored ${existing.name || 'a lead'}`,
    {},
    leadText('activity.restored'),
  );
  return leadToWire(restored as ContactRow);
}

/** The org's deleted leads, newest delete first, for an admin to restore one. */
export async function getDeletedLeads(ctx: ServiceContext, actor: Actor, query: DeletedLeadsQuery) {
  if (!canRestoreDeletedLeads(actor)) throw forbidden('Only admins can see deleted leads.');
  const limit = query.limit ?? DELETED_LEADS_LIMIT;
  const rows = await ctx.db
    .select({
      id: contacts.id,
      name: contacts.name,
      address: contacts.address,
      phone: contacts.phone,
      deleted_at: contacts.deleted_at,
      deleted_by: contacts.updated_by,
    })
    .from(contacts)
    .where(
      and(
        eq(contacts.org_id, actor.org_id),
        isNotNull(contacts.deleted_at),
        query.q ? searchCondition(query.q) : undefined,
      ),
    )
    .orderBy(desc(contacts.deleted_at), contacts.id)
    .limit(limit);
  return {
    data: rows.map((row) => ({
      ...row,
      _id: row.id,
      deleted_at: row.deleted_at ? toIsoTimestamp(row.deleted_at) : null,
    })),
    count: rows.length,
  };
}

/**
 * The per-field versions and writers of a lead after `keys` changed at `version`: by the device
 * `writer` (a sync edit), or by no device (a REST call, the server's own placement).
 */
export function stampFields(
  existing: Pick<ContactRow, 'field_versions' | 'field_writers'>,
  keys: readonly string[],
  version: number,
  writer?: string,
): Pick<ContactRow, 'field_versions' | 'field_writers'> {
  const fieldVersions = { ...existing.field_versions };
  const fieldWriters = { ...existing.field_writers };
  for (const key of keys) {
    fieldVersions[key] = version;
    if (writer) fieldWriters[key] = writer;
    else delete fieldWriters[key];
  }
  return { field_versions: fieldVersions, field_writers: fieldWriters };
}

/** A lead written with an address and no position: the server places it soon (leadPlacement.ts). */
function askToPlace(ctx: ServiceContext, row: ContactRow): void {
  if (!ctx.config.placeLeads || (row.lat !== null && row.lng !== null)) return;
  if (placementAddress(row)) nudge(ctx.config, 'lead-placement');
}

/**
 * A device that edits a protected field must have seen its latest value, unless the latest value
 * came from the same device (its own earlier queued edit).
 */
function rejectStaleProtectedFields(existing: ContactRow, changedKeys: string[], origin: EditOrigin) {
  for (const field of PROTECTED_FIELDS) {
    if (!changedKeys.includes(field)) continue;
    const serverVersion = existing.field_versions[field] ?? 0;
    const seen = origin.baseVersions[field] ?? 0;
    if (serverVersion > seen && existing.field_writers[field] !== origin.clientId) {
      const now = (existing as Record<string, unknown>)[field];
      throw conflict(
        `Someone else changed ${field.replace(/_/g, ' ')} of this lead to '${String(now ?? '')}' before your change arrived. Review it and apply your change again if it still holds.`,
      );
    }
  }
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

async function recordChangeActivities(
  tx: Tx,
  actor: Actor,
  version: number,
  before: ContactRow,
  after: ContactRow,
) {
  const status = after.deal_stage_status?.trim() ?? '';
  const stage = after.deal_stage?.trim() ?? '';
  const oldName = before.name?.trim() ?? '';
  const changes: [type: string, field: keyof ContactRow, message: string, text?: LeadActivityText][] = [
    [
      'lead_status_change',
      'deal_stage_status',
      `changed status to ${after.deal_stage_status || 'none'}`,
      status ? leadText('activity.statusChanged', { status }) : leadText('activity.statusCleared'),
    ],
    [
      'moved_to',
      'deal_stage',
      `moved to ${after.deal_stage ?? 'no stage'}`,
      stage ? leadText('activity.movedTo', { stage }) : undefined,
    ],
    ['updated_email', 'email', 'updated the email', leadText('activity.emailUpdated')],
    ['updated_phone', 'phone', 'updated the phone', leadText('activity.phoneUpdated')],
    [
      'name_updated',
      'name',
      `renamed to ${after.name}`,
      oldName ? leadText('activity.renamed', { old: oldName }) : undefined,
    ],
  ];
  for (const [type, field, message, text] of changes) {
    if (!sameValue(before[field], after[field])) {
      await recordActivity(
        tx,
        actor,
        version,
        after.id,
        type,
        message,
        { field, old: before[field], new: after[field] },
        text,
        after.name,
      );
    }
  }
  // Milestones worth their own entry: a new roof asked for, and the install done.
  const roof = (row: ContactRow) => (row.data as Json | null)?.new_roof === true;
  if (roof(after) && !roof(before))
    await recordActivity(
      tx,
      actor,
      version,
      after.id,
      'roof_requested',
      'requested a new roof',
      {},
      leadText('activity.roofRequested'),
    );
  if (after.deal_stage_status === INSTALLED_STATUS && before.deal_stage_status !== INSTALLED_STATUS)
    await recordActivity(
      tx,
      actor,
      version,
      after.id,
      'lead_installed',
      'installed the system',
      {},
      leadText('activity.installed'),
    );
}

/** The activity keys about a lead: their parameters name it (`lead`). */
type LeadTextKey = {
  [K in ServerTextKey]: K extends `activity.${string}`
    ? ServerTextParams<K> extends { lead: string }
      ? K
      : never
    : never;
}[ServerTextKey];

/** A lead activity's key and parameters, all but the lead's name, which recordActivity adds. */
export type LeadActivityText = {
  [K in LeadTextKey]: { key: K; params: Omit<ServerTextParams<K>, 'lead'> };
}[LeadTextKey];

/** {@link LeadActivityText} of a key, with the parameters it takes besides the lead's name. */
export function leadText<K extends LeadTextKey>(
  key: K,
  ...params: keyof Omit<ServerTextParams<K>, 'lead'> extends never ? [] : [Omit<ServerTextParams<K>, 'lead'>]
): LeadActivityText {
  return { key, params: params[0] ?? {} } as LeadActivityText;
}

/**
 * Records an activity about a lead: `message` in English for older devices and the legacy
 * service, and `text` its key and parameters (src/domain/serverTexts.ts) for devices to say in
 * their reader's language; the lead's name is stored with both. Without `text` (words a person
 * wrote, such as an automation's) devices show the message as written.
 */
export async function recordActivity(
  tx: Tx,
  actor: Actor,
  version: number,
  leadId: string,
  type: string,
  message: string,
  data: Json,
  text?: LeadActivityText,
  /** The lead's name now, when the caller holds the row (saves reading it again). */
  name?: string | null,
) {
  // The lead's name as it was, so the entry still names a lead the device no longer holds.
  const [lead] =
    name === undefined
      ? await tx
          .select({ name: contacts.name })
          .from(contacts)
          .where(and(eq(contacts.id, leadId), eq(contacts.org_id, actor.org_id)))
      : [{ name }];
  const leadName = lead?.name?.trim();
  // The key and parameters go in `data`, which the pull spreads on the row as `text_key` and
  // `text_params`, the fields a notification has.
  const words = text
    ? storedServerText(serverText(text.key, { ...text.params, lead: leadName ?? '' } as never))
    : {};
  await tx.insert(activities).values({
    org_id: actor.org_id,
    type,
    category: 'lead',
    message,
    actor_id: actor.user_id,
    lead_refs: [leadId],
    user_refs: [actor.user_id],
    data: { ...data, ...(leadName ? { lead_name: leadName } : {}), ...words },
    version,
    created_by: actor.user_id,
    updated_by: actor.user_id,
  });
}
