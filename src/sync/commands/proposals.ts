/**
 * Proposal commands: saves and deletions kept on the device at once and queued as
 * `record.save.v1` / `record.delete.v1`. A proposal that becomes Won also moves its lead to
 * Contract Signed on the device through the lead edit command (the shared rule of
 * src/domain/proposals), queued BEFORE the proposal: the server applies the lead edit with this
 * device's field versions first, and the proposal save then finds the lead already moved.
 */
import type { CrmDatabase } from '#src/db/database.ts';
import { getProposal } from '#src/db/queries/proposals.ts';
import { type SignatureArgs, signatureProblem } from '#src/domain/proposals/signature.ts';
import { proposalSignSchema } from '#src/domain/proposals/signatureSchema.ts';
import { leadStatusOnSave } from '#src/domain/proposals/statuses.ts';
import { recordFieldsSchema } from '#src/domain/schemas/records.ts';
import { describeZodError } from '#src/domain/validation.ts';
import { enqueue, InvalidChangeError, transactionTables } from './enqueue.ts';
import { editLead } from './leads.ts';
import { keepFile, keepFileTables } from './media.ts';
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

/**
 * Keeps a homeowner's signature of a proposal: the signed PDF attached to the proposal's lead (kept
 * until the engine uploads it) and the signature queued as `proposal.sign.v1` after it, in one
 * transaction, so the server finds the file when the signature arrives. The proposal shows signed
 * (and Won) at once; its lead moves to Contract Signed when the server applies the signature.
 */
export async function signProposal(
  db: CrmDatabase,
  input: { signature: SignatureArgs; pdf: Uint8Array; fileName: string },
  author?: string,
): Promise<void> {
  const { signature, pdf, fileName } = input;
  const parsed = proposalSignSchema.safeParse(signature);
  if (!parsed.success) throw new InvalidChangeError(describeZodError(parsed.error));
  if (!signature.file_id) throw new InvalidChangeError('A signature needs its signed PDF.');
  // Checked before the transaction: hashing is not a database promise, and would end it.
  if (await signatureProblem(signature))
    throw new InvalidChangeError('The signature does not match what was signed. Sign again.');
  const fileId = signature.file_id;
  const bytes = pdf.slice().buffer;
  await db.transaction('rw', [...keepFileTables(db), db.proposals], async () => {
    const row = await getProposal(db, signature.proposal_id);
    if (!row?.lead_id) throw new InvalidChangeError('This proposal is not on this device any more.');
    await keepFile(
      db,
      fileId,
      { lead_id: row.lead_id, name: fileName, type: 'application/pdf', bytes },
      undefined,
      author,
    );
    await enqueue(
      db,
      'proposals',
      signature.proposal_id,
      'proposal.sign.v1',
      { ...signature },
      undefined,
      author,
    );
  });
}
