/** Lead commands: add one, add many (an import), edit fields. See enqueue.ts for the invariant. */
import { v7 as uuidv7 } from 'uuid';
import { CrmDatabase, type EntityRow, type OutboxEntry } from '#src/db/database.ts';
import { getMeta, META, setMeta } from '#src/db/meta.ts';
import { dealStages as localDealStages } from '#src/db/queries/dealStages.ts';
import { stageOfStatus } from '#src/domain/dealStages.ts';
import { normalizeLead } from '#src/domain/leadNormalization.ts';
import { type LeadEditInput, leadAddSchema, leadEditSchema } from '#src/domain/schemas/lead.ts';
import { describeZodError } from '#src/domain/validation.ts';
import { applyPending, rebase } from '../pendingPatch.ts';
import { enqueue, InvalidChangeError, readForWrite, transactionTables } from './enqueue.ts';

/** Adds a lead on the device; the device chooses its id (UUID v7) so the add replays safely. */
export async function addLead(db: CrmDatabase, input: Record<string, unknown>): Promise<string> {
  const id = typeof input.id === 'string' ? input.id : uuidv7();
  const parsed = leadAddSchema.safeParse({ ...input, id });
  if (!parsed.success) throw new InvalidChangeError(describeZodError(parsed.error));
  await db.transaction('rw', transactionTables(db), async () => {
    const reads = await readForWrite(db, 'contacts', id);
    // The rules the server applies (address, name, phone, stage ↔ status): refused here first.
    const checked = normalizeLead(parsed.data, { stages: reads.stages });
    if (!checked.ok) throw new InvalidChangeError(checked.error);
    await enqueue(db, 'contacts', id, 'lead.add.v1', parsed.data, reads);
  });
  return id;
}

/** Leads written per transaction by `addLeads`: large enough to be fast, small enough to show progress. */
export const ADD_LEADS_BATCH = 500;

/**
 * Adds many leads (an import): a few large transactions instead of one per lead, each appending
 * one `lead.add.v1` mutation per lead with a device-chosen id. A batch that committed stays
 * committed and queued if a later one fails or the page closes, so an import resumes by running
 * again (the rows already written are found on the device).
 */
export async function addLeads(
  db: CrmDatabase,
  inputs: readonly Record<string, unknown>[],
  options: { batchSize?: number; onBatch?: (written: number, ids: string[]) => void | Promise<void> } = {},
): Promise<string[]> {
  const stages = await localDealStages(db);
  const leads = inputs.map((input, index) => {
    const id = typeof input.id === 'string' ? input.id : uuidv7();
    const parsed = leadAddSchema.safeParse({ ...input, id });
    if (!parsed.success) throw new InvalidChangeError(`Lead ${index + 1}: ${describeZodError(parsed.error)}`);
    const checked = normalizeLead(parsed.data, { stages });
    if (!checked.ok) throw new InvalidChangeError(`Lead ${index + 1}: ${checked.error}`);
    return { id, args: parsed.data as Record<string, unknown> };
  });
  const size = Math.max(1, options.batchSize ?? ADD_LEADS_BATCH);
  const ids: string[] = [];
  for (let start = 0; start < leads.length; start += size) {
    const batch = leads.slice(start, start + size);
    await db.transaction('rw', transactionTables(db), async () => {
      const [nextId, stages] = await Promise.all([getMeta(db, META.nextMutationId, 1), localDealStages(db)]);
      const createdAt = new Date().toISOString();
      const entries: OutboxEntry[] = batch.map((lead, i) => ({
        id: nextId + i,
        name: 'lead.add.v1',
        args: lead.args,
        table: 'contacts',
        row_id: lead.id,
        created_at: createdAt,
        acked: 0,
      }));
      const rows = entries
        .map((entry) => applyPending(undefined, entry, stages))
        .filter((row): row is EntityRow => row !== undefined);
      await Promise.all([
        setMeta(db, META.nextMutationId, nextId + batch.length),
        db.outbox.bulkAdd(entries),
        db.contacts.bulkPut(rows),
      ]);
    });
    const written = batch.map((lead) => lead.id);
    ids.push(...written);
    await options.onBatch?.(ids.length, written);
  }
  return ids;
}

/**
 * Edits fields of a lead on the device and answers the row as it now shows. Only changed fields
 * travel, with the field versions this device last saw, so the server can tell a stale change of
 * a protected field. A `knock` (where the device was) travels with a status change, and only then.
 */
export async function editLead(
  db: CrmDatabase,
  id: string,
  changes: Record<string, unknown>,
): Promise<EntityRow | undefined> {
  const parsed = leadEditSchema.safeParse({ ...changes, _id: id });
  if (!parsed.success) throw new InvalidChangeError(describeZodError(parsed.error));
  return db.transaction('rw', transactionTables(db), async () => {
    const reads = await readForWrite(db, 'contacts', id);
    const { current, base: storedBase } = reads;
    if (!current) throw new InvalidChangeError('This lead is not on this device any more.');
    const { knock, ...fields } = parsed.data;
    const changed: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(fields)) {
      if (key === '_id' || key === 'id') continue;
      if (JSON.stringify(current[key] ?? null) !== JSON.stringify(value ?? null)) changed[key] = value;
    }
    if (!Object.keys(changed).length) return current;
    const checked = normalizeLead({ _id: id, ...changed } as LeadEditInput, {
      stages: reads.stages,
      existing: current,
    });
    if (!checked.ok) throw new InvalidChangeError(checked.error);
    const base = storedBase?.row ?? current;
    const seen = (base.field_versions as Record<string, number> | undefined) ?? {};
    const baseVersions: Record<string, number> = {};
    for (const key of Object.keys(changed)) if (seen[key] !== undefined) baseVersions[key] = seen[key];
    const written = await enqueue(
      db,
      'contacts',
      id,
      'lead.edit.v1',
      {
        _id: id,
        ...changed,
        ...(knock && 'deal_stage_status' in changed ? { knock } : {}),
        base_versions: baseVersions,
      },
      reads,
    );
    return written.row;
  });
}

/** `addLeads` on the named device database (a worker's own connection), closed again after. */
export async function addLeadsTo(
  databaseName: string,
  inputs: readonly Record<string, unknown>[],
  options: { batchSize?: number; onBatch?: (written: number, ids: string[]) => void | Promise<void> } = {},
): Promise<string[]> {
  const db = new CrmDatabase(databaseName);
  try {
    return await addLeads(db, inputs, options);
  } finally {
    db.close();
  }
}

/**
 * Moves every contact on this device that is on status `from` to status `to` (before `from` is
 * removed from the deal stages): one queued status change per contact, so each syncs, and
 * conflicts resolve, like any other. Answers how many moved.
 */
export async function moveLeadsToStatus(db: CrmDatabase, from: string, to: string): Promise<number> {
  if (from === to) return 0;
  if (!stageOfStatus(await localDealStages(db), to))
    throw new InvalidChangeError(`${to} is not a status of the saved deal stages.`);
  const ids = (await db.contacts.filter((row) => row.deal_stage_status === from).primaryKeys()) as string[];
  let moved = 0;
  for (const id of ids) {
    const row = await editLead(db, id, { deal_stage_status: to });
    if (row?.deal_stage_status === to) moved += 1;
  }
  return moved;
}

/**
 * Gives leads to another owner on the device: one queued owner change per lead still on the
 * device, each with the owner's field version this device saw (the server refuses a stale one and
 * judges who may give which lead to whom). Answers the ids that changed owner.
 */
export async function assignLeads(
  db: CrmDatabase,
  ids: readonly string[],
  ownerId: string,
): Promise<string[]> {
  const assigned: string[] = [];
  for (const id of new Set(ids)) {
    if (!(await db.contacts.get(id))) continue;
    const row = await editLead(db, id, { owner_id: ownerId });
    if (row?.owner_id === ownerId) assigned.push(id);
  }
  return assigned;
}

/**
 * Deletes leads on the device (a soft delete the server keeps): one queued `deleted: true` per
 * lead still on the device, in one transaction. The rows leave every list, pin and search at once.
 * Answers the ids deleted.
 */
export async function deleteLeads(db: CrmDatabase, ids: readonly string[]): Promise<string[]> {
  return db.transaction('rw', transactionTables(db), async () => {
    const deleted: string[] = [];
    for (const id of new Set(ids)) {
      const reads = await readForWrite(db, 'contacts', id);
      if (!reads.current) continue;
      await enqueue(db, 'contacts', id, 'lead.edit.v1', { _id: id, deleted: true }, reads);
      deleted.push(id);
    }
    return deleted;
  });
}

/**
 * Takes back the delete of leads (Undo, or an admin's restore): one queued `deleted: false` each.
 * A lead whose server copy this device still holds shows again at once; otherwise the pull brings
 * it once the server has it.
 */
export async function restoreLeads(db: CrmDatabase, ids: readonly string[]): Promise<void> {
  await db.transaction('rw', transactionTables(db), async () => {
    for (const id of new Set(ids)) {
      const reads = await readForWrite(db, 'contacts', id);
      await enqueue(db, 'contacts', id, 'lead.edit.v1', { _id: id, deleted: false }, reads);
      if (reads.current) continue;
      const pending = (await db.outbox.where('row_id').equals(id).sortBy('id')).filter(
        (entry) => entry.table === 'contacts',
      );
      const view = rebase(reads.base?.row, pending, reads.stages);
      if (view) await db.contacts.put(view);
    }
  });
}
