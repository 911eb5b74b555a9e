/**
 * A signed proposal's link emailed to its homeowner (src/domain/proposals/shareEmail.ts). Whoever
 * may share the proposal (proposalShares.ts) names the address; the request makes a fresh link,
 * records the email as queued (the link sealed, `share_email.link`) and asks the job queue to send
 * it, so a slow mail server never holds the request. The job (`proposal-email-send`) claims the
 * email once, sends it through the org's mail server (smtpSettings.ts, mailer.ts) and records
 * 'sent' or 'failed' with a coarse reason; the sealed link is dropped either way. The minute's
 * sweep sends what a lost nudge left queued and fails what a stopped server left half sent. Each
 * org may send `limits.shareEmails.count` such emails in any `limits.shareEmails.seconds`.
 */
import { and, count, desc, eq, gt, lt, min } from 'drizzle-orm';
import { orgSmtpSettings, proposalShareEmails, proposals } from '#server/db/schema.ts';
import type { Language } from '#src/domain/language.ts';
import type { Actor } from '#src/domain/permissions.ts';
import {
  emailLanguageOf,
  SHARE_EMAIL_LIST_MAX,
  type ShareEmail,
  type ShareEmailFailure,
  type ShareEmailList,
  type ShareEmailRequest,
  type ShareEmailStatus,
} from '#src/domain/proposals/shareEmail.ts';
import { storedSignatureOf } from '#src/domain/proposals/signature.ts';
import { SMTP_NOT_CONFIGURED } from '#src/domain/schemas/smtp.ts';
import { nudge } from '../automations/nudge.ts';
import type { ServiceContext } from '../context.ts';
import { newShare, proposalToShare, shareableProposal } from '../proposalShares.ts';
import { secretBoxOf } from '../secretBox.ts';
import { invalid, rateLimited } from '../serviceError.ts';
import { MAIL_LIMITS, MailError, sendMail } from './mailer.ts';
import { shareEmailMessage } from './shareEmailText.ts';
import { orgMailServer, orgNameOf } from './smtpSettings.ts';

type EmailRow = typeof proposalShareEmails.$inferSelect;

/** A queued email the sweep sends itself when its job has not taken it by then. */
const MISSED_AFTER_MS = 30_000;
/** An email still 'sending' this long after it started was cut off (the server stopped). */
const STOPPED_AFTER_MS = MAIL_LIMITS.totalMs * 5;
/** Emails the sweep sends per run. */
const SWEEP_BATCH = 20;

const answerOf = (row: EmailRow): ShareEmail => ({
  id: row.id,
  to: row.to_address,
  language: row.language as Language,
  status: row.status as ShareEmailStatus,
  failure: (row.failure as ShareEmailFailure | null) ?? null,
  created_at: row.created_at,
  sent_at: row.sent_at,
  expires_at: row.expires_at,
});

/** Whether `orgId` has a mail server: its own settings or the server's. */
async function emailReady(ctx: ServiceContext, orgId: number): Promise<boolean> {
  if (ctx.config.smtp) return true;
  const [own] = await ctx.db
    .select({ org_id: orgSmtpSettings.org_id })
    .from(orgSmtpSettings)
    .where(eq(orgSmtpSettings.org_id, orgId));
  return !!own;
}

/** Refuses a new email past the org's limit, saying when the next one may go. */
async function checkOrgLimit(ctx: ServiceContext, orgId: number): Promise<void> {
  const { count: most, seconds } = ctx.config.limits.shareEmails;
  const now = ctx.now().getTime();
  const since = new Date(now - seconds * 1000).toISOString();
  const [sent] = await ctx.db
    .select({ n: count(), oldest: min(proposalShareEmails.created_at) })
    .from(proposalShareEmails)
    .where(and(eq(proposalShareEmails.org_id, orgId), gt(proposalShareEmails.created_at, since)));
  if (!sent || sent.n < most) return;
  const wait = Math.max(
    1,
    Math.ceil((Date.parse(sent.oldest ?? '') + seconds * 1000 - now) / 1000) || seconds,
  );
  const minutes = Math.ceil(wait / 60);
  throw rateLimited(
    `Your organisation has emailed ${most} links to homeowners within ${Math.round(seconds / 60)} minutes, as many as it may. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    wait,
  );
}

/**
 * Queues the link's email to `request.to`, in `request.language`, else the lead's preferred
 * language, else English. Answers the email as recorded (queued).
 */
export async function emailShareLink(
  ctx: ServiceContext,
  actor: Actor,
  proposalId: string,
  request: ShareEmailRequest,
  origin: string,
): Promise<ShareEmail> {
  const { row, lead } = await shareableProposal(ctx, actor, proposalId);
  if (!(await emailReady(ctx, actor.org_id))) throw invalid(SMTP_NOT_CONFIGURED);
  await checkOrgLimit(ctx, actor.org_id);
  const language = request.language ?? emailLanguageOf(lead.preferred_language) ?? 'en';
  const email = await ctx.db.transaction(async (tx) => {
    const share = await newShare(ctx, actor, row.id, request.days, origin, tx);
    const [inserted] = await tx
      .insert(proposalShareEmails)
      .values({
        org_id: actor.org_id,
        proposal_id: row.id,
        share_token_hash: share.token_hash,
        link_enc: secretBoxOf(ctx.config).seal(share.url, 'share_email.link'),
        to_address: request.to,
        language,
        sent_by: actor.user_id,
        created_at: ctx.now().toISOString(),
        expires_at: share.expires_at,
      })
      .returning();
    return inserted as EmailRow;
  });
  nudge(ctx.config, 'proposal-email-send', { email_id: email.id });
  return answerOf(email);
}

/** Whether email is set up for the caller's org, and the proposal's latest emails. */
export async function listShareEmails(
  ctx: ServiceContext,
  actor: Actor,
  proposalId: string,
): Promise<ShareEmailList> {
  const { row } = await proposalToShare(ctx, actor, proposalId);
  const rows = await ctx.db
    .select()
    .from(proposalShareEmails)
    .where(and(eq(proposalShareEmails.org_id, actor.org_id), eq(proposalShareEmails.proposal_id, row.id)))
    .orderBy(desc(proposalShareEmails.created_at))
    .limit(SHARE_EMAIL_LIST_MAX);
  return { email_ready: await emailReady(ctx, actor.org_id), emails: rows.map(answerOf) };
}

/** Records how the email went, and forgets its link. */
async function finish(ctx: ServiceContext, id: string, failure: ShareEmailFailure | null): Promise<void> {
  await ctx.db
    .update(proposalShareEmails)
    .set({
      status: failure ? 'failed' : 'sent',
      failure,
      sent_at: failure ? null : ctx.now().toISOString(),
      link_enc: null,
    })
    .where(eq(proposalShareEmails.id, id));
}

/** What the email says: the org, the proposal, who signed and when; undefined once the proposal is gone. */
async function factsOf(ctx: ServiceContext, email: EmailRow) {
  const [proposal] = await ctx.db
    .select()
    .from(proposals)
    .where(and(eq(proposals.id, email.proposal_id), eq(proposals.org_id, email.org_id)));
  const signature = proposal && !proposal.deleted_at ? storedSignatureOf(proposal) : undefined;
  if (!proposal || !signature || !email.link_enc) return undefined;
  return {
    orgName: await orgNameOf(ctx, email.org_id),
    proposalName: proposal.name,
    signerName: signature.content.signer_name,
    signedDay: signature.content.signed_day,
    link: secretBoxOf(ctx.config).open(email.link_enc, 'share_email.link'),
    expiresAt: email.expires_at,
  };
}

/**
 * Sends one queued email (the job's work): claimed once, however many workers hold its id. A mail
 * server's failure is recorded, not thrown, so the job is not tried again; the rep sends anew.
 */
export async function deliverShareEmail(ctx: ServiceContext, emailId: string): Promise<void> {
  const [email] = await ctx.db
    .update(proposalShareEmails)
    .set({ status: 'sending', started_at: ctx.now().toISOString() })
    .where(and(eq(proposalShareEmails.id, emailId), eq(proposalShareEmails.status, 'queued')))
    .returning();
  if (!email) return;
  try {
    const server = await orgMailServer(ctx, email.org_id);
    if (!server) return await finish(ctx, email.id, 'not_configured');
    const facts = await factsOf(ctx, email);
    if (!facts) return await finish(ctx, email.id, 'interrupted');
    const message = shareEmailMessage(facts, email.language as Language);
    await sendMail(
      ctx.config,
      server,
      { to: email.to_address, ...message },
      server.from_name || facts.orgName,
    );
    await finish(ctx, email.id, null);
  } catch (err) {
    if (err instanceof MailError) return await finish(ctx, email.id, err.kind);
    await finish(ctx, email.id, 'interrupted').catch(() => undefined);
    throw err;
  }
}

/** The minute's sweep: sends emails no job took, and fails those a stopped server left half sent. */
export async function sweepShareEmails(ctx: ServiceContext): Promise<void> {
  const now = ctx.now().getTime();
  await ctx.db
    .update(proposalShareEmails)
    .set({ status: 'failed', failure: 'interrupted', link_enc: null })
    .where(
      and(
        eq(proposalShareEmails.status, 'sending'),
        lt(proposalShareEmails.started_at, new Date(now - STOPPED_AFTER_MS).toISOString()),
      ),
    );
  const missed = await ctx.db
    .select({ id: proposalShareEmails.id })
    .from(proposalShareEmails)
    .where(
      and(
        eq(proposalShareEmails.status, 'queued'),
        lt(proposalShareEmails.created_at, new Date(now - MISSED_AFTER_MS).toISOString()),
      ),
    )
    .orderBy(proposalShareEmails.created_at)
    .limit(SWEEP_BATCH);
  for (const { id } of missed) await deliverShareEmail(ctx, id);
}
