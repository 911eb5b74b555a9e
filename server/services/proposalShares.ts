/**
 * A signed proposal's copy for the homeowner (src/domain/proposals/signatureShare.ts): whoever may
 * edit the proposal's lead makes a link for a signed proposal whose signature holds and whose
 * signed PDF has reached the server. The token is random (256 bits) and travels only in the link;
 * the server keeps its sha-256 and when it expires. Opening the link needs no account: a wrong,
 * unknown or expired token, a deleted proposal or lead, answer the same 'not found'. What it shows
 * is read only: the proposal's name, the signature (name, time, hash, whether it still holds), the
 * deal's stage and status, and the signed PDF.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { type Actor, canOnContact } from '#src/domain/permissions.ts';
import { signatureState, storedSignatureOf } from '#src/domain/proposals/signature.ts';
import {
  type ProposalShare,
  type ProposalShareRequest,
  SHARE_DAYS_DEFAULT,
  SHARE_NO_PDF,
  SHARE_NOT_FOUND,
  SHARE_NOT_SIGNED,
  SHARE_TOKEN,
  type SharedProposal,
} from '#src/domain/proposals/signatureShare.ts';
import { SHARE_PATH_PREFIX, sharedPdfPath } from '#src/domain/proposals/signatureSharePaths.ts';
import { PROPOSAL_LEAD_DENIED } from '#src/domain/proposals/statuses.ts';
import { recordDenial } from '#src/domain/recordRules.ts';
import { contacts, media, mediaFiles, orgs, proposalShares, proposals } from '../db/schema.ts';
import { tokenHash } from './auth.ts';
import type { ServiceContext, Tx } from './context.ts';
import { forbidden, invalid, notFound } from './serviceError.ts';

const DAY_MS = 86_400_000;
const NOT_YOURS = 'This proposal does not exist or is not yours to work.';

/** The signed PDF's bytes, when the file reached the server and its record still stands. */
async function signedPdf(ctx: ServiceContext, orgId: number, fileId: string | null) {
  if (!fileId) return undefined;
  const [file] = await ctx.db
    .select({ bytes: mediaFiles.bytes, mimetype: mediaFiles.mimetype, deleted_at: media.deleted_at })
    .from(mediaFiles)
    .innerJoin(media, eq(media.id, mediaFiles.media_id))
    .where(and(eq(mediaFiles.media_id, fileId), eq(mediaFiles.org_id, orgId), eq(media.org_id, orgId)));
  return file && !file.deleted_at && file.mimetype === 'application/pdf' ? file.bytes : undefined;
}

/**
 * The caller's signed proposal that may be shared, with its lead and signature: not found when it
 * is another org's or out of reach, refused for someone who may not edit its lead, for a signature
 * that does not hold and for a signed PDF not yet on the server.
 */
export async function shareableProposal(ctx: ServiceContext, actor: Actor, proposalId: string) {
  const { row, lead } = await proposalToShare(ctx, actor, proposalId);
  const signature = storedSignatureOf(row);
  if (signatureState(row) !== 'signed' || !signature) throw invalid(SHARE_NOT_SIGNED);
  if (!(await signedPdf(ctx, actor.org_id, signature.file_id))) throw invalid(SHARE_NO_PDF);
  return { row, lead, signature };
}

/** The caller's proposal and its lead, when the caller may share it (signed or not). */
export async function proposalToShare(ctx: ServiceContext, actor: Actor, proposalId: string) {
  const [row] = await ctx.db
    .select()
    .from(proposals)
    .where(and(eq(proposals.id, proposalId), eq(proposals.org_id, actor.org_id)));
  if (!row || row.deleted_at || !row.lead_id) throw notFound(NOT_YOURS);
  const [lead] = await ctx.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, row.lead_id), eq(contacts.org_id, actor.org_id)));
  if (!lead || lead.deleted_at || !canOnContact(actor, 'contacts.status', lead)) throw notFound(NOT_YOURS);
  const denial = recordDenial(actor, 'proposals', 'edit', row as never, {});
  if (denial) throw forbidden(denial);
  if (!canOnContact(actor, 'contacts.edit', lead)) throw forbidden(PROPOSAL_LEAD_DENIED);
  return { row, lead };
}

/** Stores a new share of a proposal (in `tx`, when given): its token, link and expiry. */
export async function newShare(
  ctx: ServiceContext,
  actor: Actor,
  proposalId: string,
  days: number | undefined,
  origin: string,
  tx: Tx = ctx.db,
) {
  const token = randomBytes(32).toString('base64url');
  const now = ctx.now();
  const expires = new Date(now.getTime() + (days ?? SHARE_DAYS_DEFAULT) * DAY_MS).toISOString();
  const hash = tokenHash(token);
  await tx.insert(proposalShares).values({
    token_hash: hash,
    org_id: actor.org_id,
    proposal_id: proposalId,
    created_by: actor.user_id,
    created_at: now.toISOString(),
    expires_at: expires,
  });
  return { token_hash: hash, url: `${origin}${SHARE_PATH_PREFIX}${token}`, expires_at: expires };
}

/** Makes a link for the homeowner; the link is answered only now. */
export async function shareProposal(
  ctx: ServiceContext,
  actor: Actor,
  proposalId: string,
  request: ProposalShareRequest,
  origin: string,
): Promise<ProposalShare> {
  const { row } = await shareableProposal(ctx, actor, proposalId);
  const { url, expires_at } = await newShare(ctx, actor, row.id, request.days, origin);
  return { url, expires_at };
}

/** The share a token opens, with its proposal and lead, or 'not found'. */
async function openShare(ctx: ServiceContext, token: string) {
  if (!SHARE_TOKEN.test(token)) throw notFound(SHARE_NOT_FOUND);
  const [share] = await ctx.db
    .select()
    .from(proposalShares)
    .where(eq(proposalShares.token_hash, tokenHash(token)));
  if (!share || Date.parse(share.expires_at) <= ctx.now().getTime()) throw notFound(SHARE_NOT_FOUND);
  const [row] = await ctx.db
    .select()
    .from(proposals)
    .where(and(eq(proposals.id, share.proposal_id), eq(proposals.org_id, share.org_id)));
  const signature = row && storedSignatureOf(row);
  if (!row || row.deleted_at || !row.lead_id || !signature) throw notFound(SHARE_NOT_FOUND);
  const [lead] = await ctx.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, row.lead_id), eq(contacts.org_id, share.org_id)));
  if (!lead || lead.deleted_at) throw notFound(SHARE_NOT_FOUND);
  return { share, row, signature, lead };
}

/** What the homeowner's page shows (no account: the token is the only key). */
export async function sharedProposal(ctx: ServiceContext, token: string): Promise<SharedProposal> {
  const { share, row, signature, lead } = await openShare(ctx, token);
  const [org] = await ctx.db.select({ name: orgs.name }).from(orgs).where(eq(orgs.id, share.org_id));
  const data = (lead.data ?? {}) as Record<string, unknown>;
  const amount = data.contract_amount;
  return {
    org_name: org?.name ?? '',
    proposal_name: row.name,
    signer_name: signature.content.signer_name,
    signed_at: signature.content.signed_at,
    hash: signature.hash,
    signature_state: signatureState(row) === 'signed' ? 'signed' : 'void',
    deal_stage: lead.deal_stage ?? null,
    deal_stage_status: lead.deal_stage_status ?? null,
    contract_amount: typeof amount === 'number' && Number.isFinite(amount) ? amount : null,
    expires_at: share.expires_at,
    pdf_url: sharedPdfPath(token),
  };
}

/** The signed PDF a share opens. */
export async function sharedProposalPdf(ctx: ServiceContext, token: string): Promise<Uint8Array> {
  const { share, signature } = await openShare(ctx, token);
  const bytes = await signedPdf(ctx, share.org_id, signature.file_id);
  if (!bytes) throw notFound(SHARE_NOT_FOUND);
  return bytes;
}
