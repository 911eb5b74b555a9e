/**
 * Records saved through `record.save.v1` / `record.delete.v1` (see src/domain/schemas/records.ts):
 * one service for table views, notes, appointments, media, surveys, announcements and the org's
 * reference data.
 * Rules: the shared schema checks the fields, `recordDenial` decides who may, records of a lead
 * need the lead in the caller's reach, and deletion leaves a tombstone so devices drop the row.
 */
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { RECORD_ACTIVITY } from '#src/domain/activityEntry.ts';
import { type Actor, canOnContact } from '#src/domain/permissions.ts';
import {
  leadStatusOnSave,
  PROPOSAL_LEAD_DENIED,
  PROPOSAL_SURVEY_MESSAGE,
} from '#src/domain/proposals/statuses.ts';
import {
  LEAD_RECORD_TABLES,
  leadRecordAction,
  type RecordOperation,
  recordDenial,
} from '#src/domain/recordRules.ts';
import type { LeadEditInput } from '#src/domain/schemas/lead.ts';
import {
  type RecordDeleteInput,
  type RecordSaveInput,
  type RecordTable,
  recordFieldsSchema,
} from '#src/domain/schemas/records.ts';
import { viewChangeFields } from '#src/domain/tableViews.ts';
import * as schema from '../db/schema.ts';
import { recordSavedEvent } from './automations/events.ts';
import { settleAppointment } from './bookings.ts';
import { checkContestChange } from './contests.ts';
import type { ServiceContext, Tx } from './context.ts';
import { editLead, leadText, recordActivity } from './leads.ts';
import { uploadedUrl } from './media.ts';
import { notifyAnnouncement, notifyAppointment, notifyBookingMoved } from './notify.ts';
import { reassignRegionContacts } from './regionAssignment.ts';
import { sanitizeStoredRichText } from './richText.ts';
import { forbidden, invalid, notFound } from './serviceError.ts';
import { checkSurvey, versionTemplate } from './surveys.ts';
import { recordTeamToRegion } from './teamActivities.ts';
import { deleteRegionTurfs } from './turfs.ts';
import { inVersionedTransaction } from './versions.ts';

type Row = Record<string, unknown> & {
  id: string;
  org_id: number;
  created_by: string | null;
  deleted_at: string | null;
};

/** The stored table of each record table. */
export const RECORD_STORE: Record<RecordTable, PgTable> = {
  table_views: schema.filterViews,
  notes: schema.notes,
  appointments: schema.appointments,
  media: schema.media,
  teams: schema.teams,
  products: schema.products,
  sales_channels: schema.salesChannels,
  orgs: schema.orgs,
  regions: schema.regions,
  survey_templates: schema.surveyTemplates,
  surveys: schema.surveys,
  announcements: schema.announcements,
  layouts: schema.layouts,
  cards: schema.cards,
  contests: schema.contests,
  automations: schema.automations,
  proposals: schema.proposals,
};

/** Organisations are keyed by their uuid on devices (their numeric id is the spec's org id). */
const keyColumn = (table: RecordTable) => (table === 'orgs' ? 'uuid' : 'id');

function column(table: RecordTable, name: string): PgColumn {
  const found = (RECORD_STORE[table] as unknown as Record<string, PgColumn | undefined>)[name];
  if (!found) throw new Error(`${table} has no column ${name}`);
  return found;
}

async function findRecord(tx: Tx, actor: Actor, table: RecordTable, id: string): Promise<Row | undefined> {
  const store = RECORD_STORE[table];
  const orgColumn = table === 'orgs' ? column(table, 'id') : column(table, 'org_id');
  const [row] = await tx
    .select()
    .from(store)
    .where(and(eq(column(table, keyColumn(table)), id), eq(orgColumn, actor.org_id)))
    .for('update');
  if (!row) return undefined;
  const r = row as Record<string, unknown>;
  const facts = table === 'cards' ? { in_global_layout: await inGlobalLayout(tx, actor.org_id, id) } : {};
  return {
    ...r,
    ...facts,
    id: String(r[keyColumn(table)]),
    org_id: Number(table === 'orgs' ? r.id : r.org_id),
  } as Row;
}

/** Whether a global layout (or one shared with the whole org) holds the card. */
async function inGlobalLayout(tx: Tx, orgId: number, cardId: string): Promise<boolean> {
  const { layouts } = schema;
  const [held] = await tx
    .select({ id: layouts.id })
    .from(layouts)
    .where(
      and(
        eq(layouts.org_id, orgId),
        isNull(layouts.deleted_at),
        or(eq(layouts.is_global, true), isNull(layouts.owner_id)),
        sql`${cardId}::uuid = ANY(${layouts.cards})`,
      ),
    )
    .limit(1);
  return held !== undefined;
}

/**
 * A layout that is (or becomes) global shows its cards to everyone: the cards take the change's
 * version so every device's next pull brings them, whatever it pulled before.
 */
async function shareLayoutCards(tx: Tx, orgId: number, row: Record<string, unknown>, version: number) {
  const ids = Array.isArray(row.cards) ? (row.cards as string[]) : [];
  if (!ids.length || !(row.is_global || !row.owner_id)) return;
  await tx
    .update(schema.cards)
    .set({ version })
    .where(and(eq(schema.cards.org_id, orgId), inArray(schema.cards.id, ids)));
}

/**
 * A layout or view made global for the first time is marked shared: every member's pull carries
 * it from then on (also once it is taken back), so no device keeps a stale global copy.
 */
function firstShared(
  table: RecordTable,
  existing: Record<string, unknown> | undefined,
  values: Record<string, unknown>,
  now: string,
): { shared_at?: string } {
  const global = table === 'layouts' ? values.is_global : table === 'table_views' ? values.global : undefined;
  return global === true && !existing?.shared_at ? { shared_at: now } : {};
}

/** The lead a record hangs off must be one the caller may work (a proposal's: one they may edit). */
/** Checks the caller may work the record's lead; answers the lead's name (undefined without a lead). */
async function requireLead(
  tx: Tx,
  actor: Actor,
  leadId: unknown,
  table: RecordTable,
): Promise<{ name: string | null } | undefined> {
  if (typeof leadId !== 'string') return undefined;
  const [lead] = await tx
    .select()
    .from(schema.contacts)
    .where(and(eq(schema.contacts.id, leadId), eq(schema.contacts.org_id, actor.org_id)));
  const action = leadRecordAction(table);
  if (!lead || lead.deleted_at || !canOnContact(actor, 'contacts.status', lead))
    throw notFound('This lead does not exist or is not yours to work.');
  if (!canOnContact(actor, action, lead)) throw forbidden(PROPOSAL_LEAD_DENIED);
  return { name: lead.name };
}

function deny(
  actor: Actor,
  table: RecordTable,
  op: RecordOperation,
  row: Row | undefined,
  fields: Record<string, unknown>,
) {
  const denial = recordDenial(actor, table, op, row as never, fields);
  if (denial) throw forbidden(denial);
}

/** A note's, an appointment's and a file's activity, in words the device reads back (src/domain/activityEntry.ts). */
const ACTIVITY: Partial<
  Record<RecordTable, { added: string; edited: string; deleted: string; type: string }>
> = RECORD_ACTIVITY;

async function leadActivity(
  tx: Tx,
  actor: Actor,
  version: number,
  table: RecordTable,
  row: Record<string, unknown>,
  what: 'added' | 'edited' | 'deleted',
  /** The record's lead as read for this save (its name then needs no second read). */
  lead?: { name: string | null },
) {
  const texts = ACTIVITY[table];
  const key = ACTIVITY_KEYS[table]?.[what];
  if (!texts || typeof row.lead_id !== 'string') return;
  await recordActivity(
    tx,
    actor,
    version,
    row.lead_id,
    texts.type,
    texts[what],
    { record: row.id, table },
    key ? leadText(key) : undefined,
    lead?.name,
  );
}

/** The same activities' message keys (src/domain/serverTexts.ts). */
const ACTIVITY_KEYS: Partial<
  Record<RecordTable, Record<'added' | 'edited' | 'deleted', Parameters<typeof leadText>[0]>>
> = {
  notes: { added: 'activity.noteAdded', edited: 'activity.noteEdited', deleted: 'activity.noteDeleted' },
  appointments: {
    added: 'activity.appointmentSet',
    edited: 'activity.appointmentUpdated',
    deleted: 'activity.appointmentCancelled',
  },
  media: { added: 'activity.fileAdded', edited: 'activity.fileRenamed', deleted: 'activity.fileDeleted' },
};

/** Organisations keep no author columns. */
const updatedBy = (table: RecordTable, actor: Actor) =>
  table === 'orgs' ? {} : { updated_by: actor.user_id };

/**
 * Whoever saves an automation becomes who it runs as (src/domain/automations/runAs.ts): its author
 * is stamped again on every save, so nobody makes an automation act with someone else's rights.
 */
const runsAs = (table: RecordTable, actor: Actor) =>
  table === 'automations' ? { created_by: actor.user_id } : {};

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** A region drawn, redrawn or deleted: its contacts follow (server/services/regionAssignment.ts). */
function placeRegionContacts(
  tx: Tx,
  actor: Actor,
  id: string,
  version: number,
  now: string,
  deleted: boolean,
) {
  return reassignRegionContacts(tx, actor.org_id, id, { version, now, userId: actor.user_id, deleted });
}

/**
 * A proposal's attached survey must be one of its lead's; a proposal that becomes Won moves its
 * lead to Contract Signed through the lead edit itself (same transaction), so the lead's version,
 * activity, knock and stage rules all apply.
 */
async function applyProposalRules(
  ctx: ServiceContext,
  tx: Tx,
  actor: Actor,
  existing: Row | undefined,
  values: Record<string, unknown>,
) {
  const leadId = (values.lead_id ?? existing?.lead_id) as string;
  if (typeof values.survey_id === 'string') {
    const [survey] = await tx
      .select({ lead_id: schema.surveys.lead_id, deleted_at: schema.surveys.deleted_at })
      .from(schema.surveys)
      .where(and(eq(schema.surveys.id, values.survey_id), eq(schema.surveys.org_id, actor.org_id)));
    if (!survey || survey.deleted_at || survey.lead_id !== leadId)
      throw invalid(`survey_id: ${PROPOSAL_SURVEY_MESSAGE}.`);
  }
  const status = leadStatusOnSave(existing?.status as string | null | undefined, values.status as string);
  if (!status) return;
  await editLead({ ...ctx, db: tx as ServiceContext['db'] }, actor, {
    _id: leadId,
    deal_stage_status: status,
  } as LeadEditInput);
}

/** Creates the record with the device's id, or changes the given fields of it. */
export async function saveRecord(ctx: ServiceContext, actor: Actor, input: RecordSaveInput) {
  const { table, id } = input;
  // The org's version before the record's row (inVersionedTransaction, versions.ts).
  return inVersionedTransaction(ctx, actor.org_id, async (tx, version) => {
    const existing = await findRecord(tx, actor, table, id);
    if (existing?.deleted_at) throw notFound('This record was deleted and can no longer be changed.');
    if (!existing && !input.create) throw notFound('This record does not exist any more.');
    // Rich text (note bodies) is stored as the app would show it, so no client receives script markup.
    const fields = sanitizeStoredRichText(
      table,
      recordFieldsSchema(table, !existing).parse(input.fields) as Record<string, unknown>,
    );
    // A device never sets where a file is served from; the upload does (it comes first).
    if (table === 'media') {
      delete fields.url;
      if (!existing) {
        const url = await uploadedUrl(tx, actor.org_id, id);
        if (url) fields.url = url;
      }
    }
    const values = table === 'table_views' ? viewChangeFields(existing as never, fields) : fields;
    deny(actor, table, existing ? 'edit' : 'create', existing, values);
    if (table === 'contests') await checkContestChange(tx, actor, existing, values);
    // The lead the record is for once saved: its new one when the save moves it.
    let lead: { name: string | null } | undefined;
    if (LEAD_RECORD_TABLES.has(table)) {
      lead = await requireLead(tx, actor, existing?.lead_id, table);
      if (values.lead_id !== undefined && values.lead_id !== existing?.lead_id)
        lead = await requireLead(tx, actor, values.lead_id, table);
    }
    if (table === 'proposals') await applyProposalRules(ctx, tx, actor, existing, values);
    // A booking is settled against the closer's other appointments (src/domain/bookingLease.ts).
    const booked =
      table === 'appointments'
        ? await settleAppointment(ctx, tx, actor, id, existing ?? undefined, values)
        : undefined;
    const now = ctx.now().toISOString();
    const store = RECORD_STORE[table];
    Object.assign(values, firstShared(table, existing, values, now));
    // Template revisions and the questions a survey answered (server/services/surveys.ts).
    if (table === 'survey_templates') await versionTemplate(tx, actor, id, existing, values);
    if (table === 'surveys') await checkSurvey(tx, actor, existing, values, now);
    if (existing) {
      const [row] = await tx
        .update(store)
        .set({
          ...values,
          version,
          updated_at: now,
          ...updatedBy(table, actor),
          ...runsAs(table, actor),
        } as never)
        .where(eq(column(table, keyColumn(table)), id))
        .returning();
      await leadActivity(tx, actor, version, table, row as Record<string, unknown>, 'edited', lead);
      if (table === 'layouts' && (values.is_global !== undefined || values.cards !== undefined))
        await shareLayoutCards(tx, actor.org_id, row as Record<string, unknown>, version);
      if (table === 'appointments') {
        await notifyAppointment(tx, actor, version, row as Record<string, unknown>, 'changed');
        if (booked) await notifyBookingMoved(tx, actor, version, row as Record<string, unknown>, booked);
      }
      await recordSavedEvent(ctx, tx, actor, table, existing, row as Record<string, unknown>);
      if (
        table === 'regions' &&
        values.geometry !== undefined &&
        !sameJson(values.geometry, existing.geometry)
      )
        await placeRegionContacts(tx, actor, id, version, now, false);
      if (table === 'teams' && values.region_id !== undefined && values.region_id !== existing.region_id) {
        await recordTeamToRegion(tx, actor, version, {
          team_id: id,
          region_id: (values.region_id as string | null) ?? null,
          from_region_id: (existing.region_id as string | null) ?? null,
        });
      }
      return row;
    }
    if (table === 'orgs') throw forbidden('Organisations are created by the service operator.');
    const [row] = await tx
      .insert(store)
      .values({
        ...values,
        id,
        org_id: actor.org_id,
        version,
        created_by: actor.user_id,
        updated_by: actor.user_id,
        ...(table === 'table_views' ? { creator_id: actor.user_id } : {}),
        // A new dashboard layout is its creator's.
        ...(table === 'layouts' ? { owner_id: actor.user_id } : {}),
        // The author shown on an announcement is whoever published it.
        ...(table === 'announcements' ? { author_id: actor.user_id } : {}),
        created_at: now,
        updated_at: now,
      } as never)
      .returning();
    await leadActivity(tx, actor, version, table, row as Record<string, unknown>, 'added', lead);
    if (table === 'layouts')
      await shareLayoutCards(tx, actor.org_id, row as Record<string, unknown>, version);
    if (table === 'appointments') {
      await notifyAppointment(tx, actor, version, row as Record<string, unknown>, 'set');
      if (booked) await notifyBookingMoved(tx, actor, version, row as Record<string, unknown>, booked);
    }
    await recordSavedEvent(ctx, tx, actor, table, undefined, row as Record<string, unknown>);
    if (table === 'announcements')
      await notifyAnnouncement(tx, actor, version, row as Record<string, unknown>);
    if (table === 'regions' && values.geometry) await placeRegionContacts(tx, actor, id, version, now, false);
    return row;
  });
}

/** Deletes a record (a tombstone, so every device drops it). Deleting twice is harmless. */
export async function deleteRecord(ctx: ServiceContext, actor: Actor, input: RecordDeleteInput) {
  const { table, id } = input;
  return inVersionedTransaction(ctx, actor.org_id, async (tx, version) => {
    const existing = await findRecord(tx, actor, table, id);
    if (!existing) throw notFound('This record does not exist any more.');
    if (existing.deleted_at) return existing;
    deny(actor, table, 'delete', existing, {});
    if (table === 'orgs') throw forbidden('Organisations are removed by the service operator.');
    if (LEAD_RECORD_TABLES.has(table)) await requireLead(tx, actor, existing.lead_id, table);
    const now = ctx.now().toISOString();
    const [row] = await tx
      .update(RECORD_STORE[table])
      .set({ deleted_at: now, updated_at: now, version, ...updatedBy(table, actor) } as never)
      .where(eq(column(table, 'id'), id))
      .returning();
    await leadActivity(tx, actor, version, table, existing, 'deleted');
    if (table === 'regions') {
      await placeRegionContacts(tx, actor, id, version, now, true);
      await deleteRegionTurfs(tx, actor, id, { version, now });
    }
    return row;
  });
}
