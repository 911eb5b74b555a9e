/**
 * A signed proposal's copy for the homeowner: a link they open without an account, holding an
 * unguessable token (256 random bits, base64url), which expires. The page shows the signed PDF and
 * the deal's status, read only. Shared by the server's routes and the app's pages.
 */
import { z } from 'zod';
import { isoDateTime } from '../schemas/common.ts';

/** 32 random bytes in base64url. */
export const SHARE_TOKEN = /^[A-Za-z0-9_-]{43}$/;
export const SHARE_DAYS_DEFAULT = 30;
export const SHARE_DAYS_MAX = 90;

export const SHARE_NOT_FOUND =
  'This link is not valid, or it has expired. Ask your sales representative for a new one.';
export const SHARE_NOT_SIGNED =
  'Only a signed proposal whose signature still holds can be shared. Have it signed first.';
export const SHARE_NO_PDF =
  'The signed PDF has not reached the server yet. Sync the phone that took the signature, then share it.';

/** The path's token: any short text (a cut or mistyped link answers 'not found', like a wrong one). */
export const shareTokenParamsSchema = z.object({
  token: z.string().min(1).max(200).describe('The secret token of the homeowner’s link.'),
});

export const proposalShareRequestSchema = z
  .object({
    days: z
      .number({ message: 'must be a number' })
      .int({ message: 'must be a whole number of days' })
      .min(1, { message: 'must be at least 1 day' })
      .max(SHARE_DAYS_MAX, { message: `must be at most ${SHARE_DAYS_MAX} days` })
      .optional(),
  })
  .strict();
export type ProposalShareRequest = z.infer<typeof proposalShareRequestSchema>;

/** A share made: the link (answered this once) and when it stops working. */
export const proposalShareSchema = z.object({ url: z.string(), expires_at: isoDateTime() });
export type ProposalShare = z.infer<typeof proposalShareSchema>;

/** What the homeowner's page shows: the proposal, the signature and where the deal stands. */
export const sharedProposalSchema = z.object({
  org_name: z.string(),
  proposal_name: z.string(),
  signer_name: z.string(),
  signed_at: z.string(),
  hash: z.string(),
  /** Whether the signature still holds, or the price or design changed since. */
  signature_state: z.enum(['signed', 'void']),
  deal_stage: z.string().nullable(),
  deal_stage_status: z.string().nullable(),
  contract_amount: z.number().nullable(),
  expires_at: z.string(),
  pdf_url: z.string(),
});
export type SharedProposal = z.infer<typeof sharedProposalSchema>;
