/**
 * The org's outgoing email (SMTP): the server it sends through, how it signs in and who the mail
 * is from. Server-side only (never synced): an admin sets it in Settings → Email, the password is
 * write-only and sealed at rest, and an org without settings of its own uses the server's
 * (`SMTP_*` environment variables) when there are some. Used for the homeowner's copy of a signed
 * proposal (src/domain/proposals/shareEmail.ts).
 */
import { z } from 'zod';
import { LANGUAGES } from '../language.ts';
import { boundedInt, boundedText, hasControlCharacter, isoDateTime, singleLineText } from './common.ts';

export const SMTP_SECURITY = ['none', 'starttls', 'tls'] as const;
export type SmtpSecurity = (typeof SMTP_SECURITY)[number];

/** The port each kind of security usually takes (the form's default when it is chosen). */
export const SMTP_DEFAULT_PORTS: Record<SmtpSecurity, number> = { none: 25, starttls: 587, tls: 465 };

/** The longest address SMTP carries (RFC 5321's path limit). */
export const EMAIL_MAX = 254;

/**
 * An email address that may go into a mail header or the SMTP envelope: a plain `name@domain`
 * (no display name, no comments, no line breaks or other control characters), at most 254
 * characters.
 */
export const emailAddressSchema = boundedText(EMAIL_MAX)
  .refine((value) => !hasControlCharacter(value), { message: 'must not contain line breaks' })
  .pipe(z.email({ message: 'must be a valid email address' }));

/** A host name (letters, digits, dots, hyphens) or an IPv4 or bracketed IPv6 address. */
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?|\[[0-9A-Fa-f:.]+\])$/;

export const smtpHostSchema = boundedText(253).regex(HOST, {
  message: 'must be a host name such as smtp.example.com, without https:// or a port',
});

/** What an admin saves (`PUT /api/v2/settings/email`). */
export const smtpSettingsInputSchema = z
  .object({
    host: smtpHostSchema,
    port: boundedInt(1, 65_535),
    security: z.enum(SMTP_SECURITY, { message: "must be 'none', 'starttls' or 'tls'" }),
    /** Empty: the server takes mail without signing in. */
    username: singleLineText(254),
    /** Absent keeps the password set; null removes it; a text replaces it. Never answered. */
    password: boundedText(512).nullable().optional(),
    from_address: emailAddressSchema,
    /** The sender's name the homeowner sees; empty uses the org's name. */
    from_name: singleLineText(100),
  })
  .strict();
export type SmtpSettingsInput = z.infer<typeof smtpSettingsInputSchema>;

/** The org's own settings as answered: the password only as set or not. */
export const smtpSettingsSchema = smtpSettingsInputSchema.omit({ password: true }).extend({
  password_set: z.boolean(),
  updated_at: isoDateTime(),
});
export type SmtpSettings = z.infer<typeof smtpSettingsSchema>;

/** `GET /api/v2/settings/email`: the org's own settings, and whether the server has some to fall back on. */
export const smtpSettingsAnswerSchema = z.object({
  settings: smtpSettingsSchema.nullable(),
  /** The server's own settings (environment), by their sender only; null when it has none. */
  server_default: z.object({ from_address: z.string(), from_name: z.string() }).nullable(),
});
export type SmtpSettingsAnswer = z.infer<typeof smtpSettingsAnswerSchema>;

/** `POST /api/v2/settings/email/test`: a test email to this address, sent now, in this language. */
export const smtpTestRequestSchema = z
  .object({
    to: emailAddressSchema,
    language: z.enum(LANGUAGES, { message: "must be 'en' or 'es'" }).optional(),
  })
  .strict();

/** Words the server and the screens share. */
export const SMTP_NOT_CONFIGURED =
  'Email is not set up for this organisation. An admin sets it up in Settings → Email.';
export const SMTP_ADDRESS_REFUSED =
  'The mail server’s address is not allowed: the server connects only to public addresses (see OUTBOUND_ALLOW_PRIVATE).';
export const SMTP_SETTINGS_DENIED = 'Only admins can change the email settings.';
