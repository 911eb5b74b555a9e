/**
 * A signed proposal's copy for the homeowner: the lead's editors make a secret, expiring link
 * (`POST /api/v2/proposals/{id}/share`), and the homeowner opens it without an account
 * (`/api/v2/shared/proposals/{token}` and its signed PDF), the token being the only key.
 * Proposals and their signatures themselves are written through sync (`record.save.v1`,
 * `proposal.sign.v1`).
 */

import { z } from 'zod';
import { linkOrigin } from '#server/config.ts';
import { DEFAULT_LIMITS } from '#server/limits.ts';
import { emailShareLink, listShareEmails } from '#server/services/mail/shareEmails.ts';
import { sharedProposal, sharedProposalPdf, shareProposal } from '#server/services/proposalShares.ts';
import {
  SHARE_EMAIL_FAILURES,
  shareEmailListSchema,
  shareEmailRequestSchema,
  shareEmailSchema,
} from '#src/domain/proposals/shareEmail.ts';
import {
  proposalShareRequestSchema,
  proposalShareSchema,
  SHARE_NOT_FOUND,
  sharedProposalSchema,
  shareTokenParamsSchema,
} from '#src/domain/proposals/signatureShare.ts';
import { uuidSchema } from '#src/domain/schemas/common.ts';
import { SMTP_NOT_CONFIGURED } from '#src/domain/schemas/smtp.ts';
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
      secret: true,
      status: 201,
      description: '`data`: `url`, the link, answered this once, and `expires_at`.',
      schema: proposalShareSchema,
    },
    handler: async (c, { ctx, actor, params, body }) => ({
      data: await shareProposal(ctx, actor, params.id, body, linkOrigin(ctx.config, c.req.url)),
    }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v2/proposals/:id/share/email',
    operationId: 'emailSignedProposal',
    summary: 'Email a new link to a signed proposal to its homeowner (the lead’s editors)',
    description: `The same checks as making a link; then a new link (expiring after \`days\`, 30 unless said) is emailed to \`to\` through the org’s mail server by the job queue, in \`language\` (else the lead’s preferred language). With no mail server, 400 (“${SMTP_NOT_CONFIGURED}”). Each org may email ${DEFAULT_LIMITS.shareEmails.count} links an hour by default; past it, 429 with Retry-After.`,
    tag: 'Proposals',
    access: 'session',
    params: proposalIdSchema,
    body: { name: 'ProposalShareEmail', schema: shareEmailRequestSchema },
    answer: {
      status: 201,
      description: '`data`: the email as recorded (`status` queued); the list tells how it went.',
      schema: z.object({ data: shareEmailSchema }),
    },
    handler: async (c, { ctx, actor, params, body }) => ({
      data: await emailShareLink(ctx, actor, params.id, body, linkOrigin(ctx.config, c.req.url)),
    }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v2/proposals/:id/share/emails',
    operationId: 'listSignedProposalEmails',
    summary: 'The emails of a proposal’s links to its homeowner, newest first (the lead’s editors)',
    description: `\`email_ready\`: whether the org has a mail server. Each email: to whom, its language, \`status\` (queued, sending, sent, failed), \`failure\` (one of ${SHARE_EMAIL_FAILURES.join(', ')}), when it was asked for and sent, when its link expires.`,
    tag: 'Proposals',
    access: 'session',
    params: proposalIdSchema,
    answer: {
      description: '`data`: `email_ready` and `emails`.',
      schema: z.object({ data: shareEmailListSchema }),
    },
    handler: async (_c, { ctx, actor, params }) => ({ data: await listShareEmails(ctx, actor, params.id) }),
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
