/**
 * A signed proposal's link emailed to its homeowner: the rep gives the address (the lead's email
 * to begin with); the server makes a fresh link (signatureShare.ts) and sends it through the org's
 * mail server on its job queue, in the homeowner's language, and records how it went, which the
 * proposal's screen shows ('Sent to …', or why not, by a failure code each screen says in its
 * reader's language). Shared by the server's routes and the app.
 */
import { z } from 'zod';
import { LANGUAGES, type Language } from '../language.ts';
import { isoDateTime, uuidSchema } from '../schemas/common.ts';
import { emailAddressSchema } from '../schemas/smtp.ts';
import { proposalShareRequestSchema } from './signatureShare.ts';

/** `POST /api/v2/proposals/{id}/share/email`. */
export const shareEmailRequestSchema = proposalShareRequestSchema
  .extend({
    to: emailAddressSchema,
    /** The email's language; absent, the lead's preferred language. */
    language: z.enum(LANGUAGES, { message: "must be 'en' or 'es'" }).optional(),
  })
  .strict();
export type ShareEmailRequest = z.infer<typeof shareEmailRequestSchema>;

/** queued → sending → sent or failed; the job queue moves it on. */
export const SHARE_EMAIL_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type ShareEmailStatus = (typeof SHARE_EMAIL_STATUSES)[number];

/**
 * Why an email was not sent, coarsely (never what the mail server said): email is no longer set
 * up, the server's address is not allowed, it could not be reached, it did not answer in time,
 * the secure connection failed, it refused the sign-in, it refused the message or its recipient,
 * or sending stopped half way (the server stopped).
 */
export const SHARE_EMAIL_FAILURES = [
  'not_configured',
  'address',
  'connection',
  'timeout',
  'tls',
  'auth',
  'rejected',
  'interrupted',
] as const;
export type ShareEmailFailure = (typeof SHARE_EMAIL_FAILURES)[number];

export const shareEmailSchema = z.object({
  id: uuidSchema,
  to: z.string(),
  language: z.enum(LANGUAGES),
  status: z.enum(SHARE_EMAIL_STATUSES),
  failure: z.enum(SHARE_EMAIL_FAILURES).nullable(),
  created_at: isoDateTime(),
  sent_at: isoDateTime().nullable(),
  /** When the emailed link stops working. */
  expires_at: isoDateTime(),
});
export type ShareEmail = z.infer<typeof shareEmailSchema>;

/** `GET /api/v2/proposals/{id}/share/emails`: whether email is set up, and the latest emails, newest first. */
export const shareEmailListSchema = z.object({
  email_ready: z.boolean(),
  emails: z.array(shareEmailSchema),
});
export type ShareEmailList = z.infer<typeof shareEmailListSchema>;

/** How many of a proposal's emails the list shows. */
export const SHARE_EMAIL_LIST_MAX = 10;

/** The language of a lead's `preferred_language`, when it names one the app speaks. */
export function emailLanguageOf(preferred: string | null | undefined): Language | undefined {
  const value = preferred?.trim().toLowerCase();
  if (value === 'spanish' || value === 'es') return 'es';
  if (value === 'english' || value === 'en') return 'en';
  return undefined;
}

/** Whether an email is still on its way (its screen keeps asking how it went). */
export const emailPending = (email: Pick<ShareEmail, 'status'>) =>
  email.status === 'queued' || email.status === 'sending';
