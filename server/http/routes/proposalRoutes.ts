/**
 * A signed proposal's copy for the homeowner: the lead's editors make a secret, expiring link
 * (`POST /api/v2/proposals/{id}/share`), and the homeowner opens it without an account
 * (`/api/v2/shared/proposals/{token}` and its signed PDF), the token being the only key.
 * Proposals and their signatures themselves are written through sync (`record.save.v1`,
 * `proposal.sign.v1`).
 */
import { z } from 'zod';
import { sharedProposal, sharedProposalPdf, shareProposal } from '#server/services/proposalShares.ts';
import {
  proposalShareRequestSchema,
  proposalShareSchema,
  SHARE_NOT_FOUND,
  sharedProposalSchema,
  shareTokenParamsSchema,
} from '#src/domain/proposals/signatureShare.ts';
import { uuidSchema } from '#src/domain/schemas/common.ts';
import { defineRoute } from '../defineRoute.ts';

const proposalIdSchema = z.object({ id: uuidSchema.describe('The id of the proposal.') });

export const proposalRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/v2/proposals/:id/share',
    operationId: 'shareSignedProposal',
    summary: 'Make a link for the homeowner to a signed proposal (the lead’s editors)',
    description:
      'The proposal must be signed, its signature still holding, and its signed PDF on the server. The link expires after `days` (30 unless said, at most 90).',
    tag: 'Proposals',
    access: 'session',
    params: proposalIdSchema,
    body: { name: 'ProposalShare', schema: proposalShareRequestSchema },
    answer: {
      status: 201,
      description: '`data`: `url`, the link, answered this once, and `expires_at`.',
      schema: proposalShareSchema,
    },
    handler: async (c, { ctx, actor, params, body }) => ({
      data: await shareProposal(ctx, actor, params.id, body, new URL(c.req.url).origin),
    }),
  }),
  // No session, no cookies read: the token is the only key.
  defineRoute({
    method: 'get',
    path: '/api/v2/shared/proposals/:token',
    operationId: 'getSharedProposal',
    summary: 'A signed proposal as its homeowner sees it, through their link',
    description: `No session. A wrong, unknown or expired token answers 404 (“${SHARE_NOT_FOUND}”).`,
    tag: 'Proposals',
    access: 'public',
    params: shareTokenParamsSchema,
    answer: {
      description:
        '`data`: the org, the proposal’s name, the signer, the time and SHA-256 of the signature, whether it still holds, the deal’s stage, status and amount, when the link expires, and the signed PDF’s address.',
      schema: sharedProposalSchema,
    },
    handler: async (c, { ctx, params }) => {
      c.header('Referrer-Policy', 'no-referrer');
      return { data: await sharedProposal(ctx, params.token) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v2/shared/proposals/:token/pdf',
    operationId: 'getSharedProposalPdf',
    summary: 'The signed PDF of a proposal, through its homeowner’s link',
    description: 'No session. A wrong, unknown or expired token answers 404.',
    tag: 'Proposals',
    access: 'public',
    params: shareTokenParamsSchema,
    answer: {
      description: 'The signed PDF.',
      content: { contentType: 'application/pdf', description: 'The signed proposal.' },
    },
    handler: async (c, { ctx, params }) => {
      const bytes = await sharedProposalPdf(ctx, params.token);
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'application/pdf',
        'Content-Length': String(bytes.byteLength),
        'Content-Disposition': 'inline; filename="signed-proposal.pdf"',
        'Cache-Control': 'private, no-store',
        'Referrer-Policy': 'no-referrer',
      });
    },
  }),
];
