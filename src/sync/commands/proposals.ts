/**
 * Proposal commands: saves and deletions kept on the device at once and queued as
 * `record.save.v1` / `record.delete.v1`. A proposal that becomes Won also moves its lead to
 * Contract Signed on the device through the lead edit command (the shared rule of
 * src/domain/proposals), queued BEFORE the proposal: the server applies the lead edit with this
 * device's field versions first, and the proposal save then finds the lead already moved.
 */
import type { CrmDatabase } from '#src/db/database.ts';
import { getProposal } from '#src/db/queries/proposals.ts';
import { leadStatusOnSave } from '#src/domain/proposals/statuses.ts';
import { recordFieldsSchema } from '#src/domain/schemas/records.ts';
import { describeZodError } from '#src/domain/validation.ts';
import { InvalidChangeError, transactionTables } from './enqueue.ts';
import { editLead } from './leads.ts';
import { saveRecord } from './records.ts';

/** Creates a proposal (`id` undefined) or changes the given fields of one; answers its id. */
export async function saveProposal(
  db: CrmDatabase,
  id: string | undefined,
  fields: Record<string, unknown>,
  author?: string,
): Promise<string> {
  // Checked first so a bad field never leaves the lead moved without its proposal.
  const parsed = recordFieldsSchema('proposals', !id).safeParse(fields);
  if (!parsed.success) throw new InvalidChangeError(describeZodError(parsed.error));
  return db.transaction('rw', transactionTables(db, 'proposals'), async () => {
    const existing = id ? await getProposal(db, id) : undefined;
    if (id && !existing) throw new InvalidChangeError('This proposal is not on this device any more.');
    const leadId = (fields.lead_id ?? existing?.lead_id) as string | undefined;
    const leadStatus = leadStatusOnSave(existing?.status, fields.status as string | undefined);
    if (leadStatus && leadId) await editLead(db, leadId, { deal_stage_status: leadStatus });
    return saveRecord(db, 'proposals', id, fields, author);
  });
}
