/**
 * The legacy data service (SPEC section 7) over the real services: `send-data`, `update-data` and
 * `add-data-bulk` hand each document to the service that owns its `doc_type` (leads, users, or the
 * records of `record.save.v1`), with that service's schema, permission table and org scope. Nothing
 * here writes a table itself. `add-data-bulk` runs all its documents in one transaction with one
 * version, as a sync batch does: one refused document and nothing is stored.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { legacyFields } from '#src/domain/legacyFields.ts';
import type { Actor } from '#src/domain/permissions.ts';
import { uuidSchema } from '#src/domain/schemas/common.ts';
import { leadAddSchema, leadEditSchema } from '#src/domain/schemas/lead.ts';
import {
  type AddDataBulkInput,
  type LegacyTarget,
  legacyTarget,
  type SendDataInput,
  UNKNOWN_DOC_TYPE,
  type UpdateDataInput,
} from '#src/domain/schemas/legacyData.ts';
import { type RecordTable, recordFieldsSchema } from '#src/domain/schemas/records.ts';
import { userAddSchema, userEditSchema } from '#src/domain/schemas/user.ts';
import { describeZodError } from '#src/domain/validation.ts';
import type { Database } from '../db/client.ts';
import { classifyDatabaseError } from '../db/dbErrors.ts';
import type { Caller } from './actors.ts';
import type { ServiceContext, Tx } from './context.ts';
import { addLead, editLead } from './leads.ts';
import { RECORD_STORE, saveRecord } from './records.ts';
import { conflict, forbidden, invalid, ServiceError, type ServiceErrorReason } from './serviceError.ts';
import { readableTable } from './sync.ts';
import { addUser, editUser } from './users.ts';
import { inVersionedTransaction } from './versions.ts';

/** A document of an `add-data-bulk` call refused: which one, and why. */
export class BulkDocumentError extends ServiceError {
  readonly index: number;
  constructor(reason: ServiceErrorReason, message: string, index: number) {
    super(reason, message);
    this.index = index;
  }
}

export function targetOf(docType: string): LegacyTarget {
  const target = legacyTarget(docType);
  if (!target) throw invalid(UNKNOWN_DOC_TYPE(docType));
  return target;
}

/** `user_id` / `rep_id` of a legacy payload may only name the signed-in user (by any of their ids). */
export function requireSelf(caller: Caller, id: string | number | undefined, field: string): void {
  if (id === undefined) return;
  const { user } = caller;
  const own = [user.id, String(user.legacy_id), ...(user.monday_id ? [String(user.monday_id)] : [])];
  if (!own.includes(String(id)))
    throw forbidden(`${field} names another user: this service acts only as the signed-in user.`);
}

/** The value checked by a shared schema, or a 400 naming the offending fields. */
export function checked<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(describeZodError(result.error));
  return result.data;
}

/** A document under the stored names, without the fields the server sets (SPEC section 3 names). */
function storedNames(target: LegacyTarget, doc: Record<string, unknown>): Record<string, unknown> {
  const named = legacyFields(target, doc);
  if ('problem' in named) throw invalid(named.problem);
  return named.fields;
}

function splitId(doc: Record<string, unknown>): { id: unknown; fields: Record<string, unknown> } {
  const { _id, id, ...fields } = doc;
  return { id: _id ?? id, fields };
}

/** Legacy views name their table `table` (SPEC section 3); the record keeps it as `table_name`. */
export function viewFields(fields: Record<string, unknown>): Record<string, unknown> {
  const { table, creator_ref: _creator, global: _global, ...rest } = fields;
  return table !== undefined && rest.table_name === undefined ? { ...rest, table_name: table } : rest;
}

/** A record as the pull sends it. */
function recordWire(table: RecordTable, actor: Actor, row: unknown): Record<string, unknown> {
  return readableTable(table, actor).toWire(row as Record<string, unknown>);
}

/** Where a record id is already used: in the caller's org, in another, or nowhere. */
export async function recordHolder(
  tx: Tx,
  table: RecordTable,
  id: string,
  orgId: number,
): Promise<'mine' | 'other' | 'none'> {
  const store = RECORD_STORE[table] as unknown as Record<string, PgColumn>;
  const key = (table === 'orgs' ? store.uuid : store.id) as PgColumn;
  const org = (table === 'orgs' ? store.id : store.org_id) as PgColumn;
  const [row] = await tx.select({ org: org }).from(RECORD_STORE[table]).where(eq(key, id)).limit(1);
  if (!row) return 'none';
  return Number(row.org) === orgId ? 'mine' : 'other';
}

export interface Added {
  data: Record<string, unknown>;
  /** A user added with an invite: the invite link's token, answered this once. */
  invite_token?: string | null;
}

async function addOne(
  ctx: ServiceContext,
  actor: Actor,
  target: LegacyTarget,
  sent: Record<string, unknown>,
): Promise<Added> {
  const doc = storedNames(target, sent);
  if (target === 'leads') return { data: await addLead(ctx, actor, checked(leadAddSchema, doc)) };
  if (target === 'users') {
    const added = await addUser(ctx, actor, checked(userAddSchema, doc));
    return { data: added.user, invite_token: added.invite_token };
  }
  const { id: given, fields: raw } = splitId(doc);
  const id = given === undefined ? randomUUID() : checked(uuidSchema, given);
  const fields = target === 'table_views' ? viewFields(raw) : raw;
  checked(recordFieldsSchema(target, true), fields);
  if ((await recordHolder(ctx.db, target, id, actor.org_id)) !== 'none')
    throw conflict('A document with this _id already exists.');
  const row = await saveRecord(ctx, actor, { table: target, id, fields, create: true });
  return { data: recordWire(target, actor, row) };
}

/** `send-data`: adds one document of `doc_type` as the signed-in user. */
export async function sendData(ctx: ServiceContext, caller: Caller, input: SendDataInput): Promise<Added> {
  requireSelf(caller, input.user_id, 'user_id');
  return addOne(ctx, caller.actor, targetOf(input.doc_type), input.doc_data);
}

/** `update-data`: changes the given fields of the document `_id` (another org's answers 404). */
export async function updateData(
  ctx: ServiceContext,
  caller: Caller,
  input: UpdateDataInput,
  sessionToken?: string,
): Promise<Record<string, unknown>> {
  requireSelf(caller, input.user_id, 'user_id');
  const target = targetOf(input.doc_type);
  const { actor } = caller;
  const { fields } = splitId(storedNames(target, input.doc_data));
  if (target === 'leads') return editLead(ctx, actor, checked(leadEditSchema, { ...fields, _id: input._id }));
  if (target === 'users')
    return editUser(ctx, actor, checked(userEditSchema, { ...fields, _id: input._id }), { sessionToken });
  const changes = target === 'table_views' ? viewFields(fields) : fields;
  checked(recordFieldsSchema(target, false), changes);
  const row = await saveRecord(ctx, actor, { table: target, id: input._id, fields: changes, create: false });
  return recordWire(target, actor, row);
}

const DATABASE_REASON = { input: 'invalid', conflict: 'conflict', unavailable: 'unavailable' } as const;

/** Says which document failed; an error that is the server's own fault is passed on as it is. */
function documentError(index: number, err: unknown): unknown {
  if (err instanceof ServiceError)
    return new BulkDocumentError(err.reason, `docs[${index}]: ${err.message}`, index);
  const failure = classifyDatabaseError(err);
  if (!failure || failure.kind === 'other') return err;
  return new BulkDocumentError(DATABASE_REASON[failure.kind], `docs[${index}]: ${failure.message}`, index);
}

/**
 * `add-data-bulk`: every document added in one transaction, with one version; the first refused
 * document rolls all of them back and is named in the answer.
 */
export async function addDataBulk(
  ctx: ServiceContext,
  caller: Caller,
  input: AddDataBulkInput,
): Promise<Added[]> {
  requireSelf(caller, input.user_id, 'user_id');
  const target = targetOf(input.doc_type);
  const { actor } = caller;
  return inVersionedTransaction(ctx, actor.org_id, async (tx, version) => {
    const batch: ServiceContext = { ...ctx, db: tx as unknown as Database, batch: { version } };
    const added: Added[] = [];
    for (const [index, doc] of input.docs.entries()) {
      try {
        added.push(await addOne(batch, actor, target, doc));
      } catch (err) {
        throw documentError(index, err);
      }
    }
    return added;
  });
}
