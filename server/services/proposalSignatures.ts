/**
 * A homeowner's signature of a proposal (`proposal.sign.v1`, taken on a rep's phone, often
 * offline, and synced later). Rules (src/domain/proposals/signature.ts):
 * - who: whoever may edit the proposal's lead (`contacts.edit`, as for writing a proposal); the
 *   lead and the proposal must be in the caller's org and reach, else 'not found';
 * - what: the shared schema caps every size (the drawing, names, the shown proposal, the audit
 *   trail); the drawing's SHA-256 and the content's must match what was sent (a forged hash is
 *   refused); the signature is the caller's own (`signed_by`, the audit's `by`); its time is not
 *   ahead of the server's clock by more than a day; the signed PDF, when named, is a PDF file of
 *   the same lead;
 * - effect: the signature and its audit trail (with a 'synced' line: who sent it, when) are kept;
 *   when it signs the proposal as it stands, the proposal becomes Won and its lead moves to
 *   Contract Signed with the deal's value, through the lead edit (its own checks and activities).
 *   A signature of a price or design the proposal no longer has is kept but void, and moves
 *   nothing.
 */
import { and, eq } from 'drizzle-orm';
import { type Actor, canOnContact } from '#src/domain/permissions.ts';
import {
  leadChangeOnSigning,
  SIGNED_AT_MAX_AHEAD_MS,
  type SignatureArgs,
  type SignatureProblem,
  signatureProblem,
  signedProposalChanges,
} from '#src/domain/proposals/signature.ts';
import { PROPOSAL_LEAD_DENIED } from '#src/domain/proposals/statuses.ts';
import { recordDenial } from '#src/domain/recordRules.ts';
import { leadEditSchema } from '#src/domain/schemas/lead.ts';
import * as schema from '../db/schema.ts';
import type { ServiceContext } from './context.ts';
import { editLead } from './leads.ts';
import { forbidden, invalid, notFound } from './serviceError.ts';
import { inVersionedTransaction } from './versions.ts';

const NOT_FOUND = 'This proposal does not exist or is not yours to work.';

const PROBLEMS: Record<SignatureProblem, string> = {
  proposal: 'content.proposal_id: must be the proposal being signed.',
  image: 'image: must be a PNG drawing of at most 128 KB.',
  imageHash:
    'content.image_sha256: does not match the drawing sent. The signature was changed after signing.',
  hash: 'hash: does not match the signed content. The signature was changed after signing.',
};

export async function signProposal(ctx: ServiceContext, actor: Actor, args: SignatureArgs) {
  const problem = await signatureProblem(args);
  if (problem) throw invalid(PROBLEMS[problem]);
  const { content } = args;
  if (content.signed_by !== actor.user_id || args.audit.some((e) => e.by !== actor.user_id))
    throw forbidden('A signature is sent by the person whose device took it.');
  const now = ctx.now();
  if (Date.parse(content.signed_at) - now.getTime() > SIGNED_AT_MAX_AHEAD_MS)
    throw invalid('content.signed_at: must not be in the future. Check the date and time of the phone.');

  return inVersionedTransaction(ctx, actor.org_id, async (tx, version) => {
    const { proposals, contacts, media } = schema;
    const [row] = await tx
      .select()
      .from(proposals)
      .where(and(eq(proposals.id, args.proposal_id), eq(proposals.org_id, actor.org_id)))
      .for('update');
    if (!row || row.deleted_at || !row.lead_id) throw notFound(NOT_FOUND);
    const [lead] = await tx
      .select()
      .from(contacts)
      .where(and(eq(contacts.id, row.lead_id), eq(contacts.org_id, actor.org_id)));
    if (!lead || lead.deleted_at || !canOnContact(actor, 'contacts.status', lead)) throw notFound(NOT_FOUND);
    const denial = recordDenial(actor, 'proposals', 'edit', row as never, {});
    if (denial) throw forbidden(denial);
    if (!canOnContact(actor, 'contacts.edit', lead)) throw forbidden(PROPOSAL_LEAD_DENIED);
    if (args.file_id) {
      const [file] = await tx
        .select({ lead_id: media.lead_id, mimetype: media.mimetype, deleted_at: media.deleted_at })
        .from(media)
        .where(and(eq(media.id, args.file_id), eq(media.org_id, actor.org_id)));
      if (!file || file.deleted_at || file.lead_id !== row.lead_id || file.mimetype !== 'application/pdf')
        throw invalid('file_id: must be the signed PDF attached to this proposal’s lead.');
    }

    const stamp = now.toISOString();
    const changes = signedProposalChanges(row, args, {
      event: 'synced',
      by: actor.user_id,
      at: stamp,
      position: null,
    });
    const [saved] = await tx
      .update(proposals)
      .set({ ...changes, version, updated_at: stamp, updated_by: actor.user_id } as never)
      .where(eq(proposals.id, row.id))
      .returning();
    if (changes.status) {
      const change = leadChangeOnSigning(row, content);
      await editLead(
        { ...ctx, db: tx as ServiceContext['db'] },
        actor,
        leadEditSchema.parse({ _id: row.lead_id, ...change }),
      );
    }
    return saved;
  });
}
