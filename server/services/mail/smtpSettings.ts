/**
 * An org's mail server (Settings → Email, admins only: `settings.manage`): host, port, security,
 * sign-in and sender. The password is write-only: sealed at rest (secretBox, `smtp.password`) and
 * answered only as set or not. The host must pass the outgoing address policy when saved (a name
 * by every address it resolves to) and again on every connection (mailer.ts). An org without
 * settings of its own sends through the server's (`SMTP_*`), when it has some; the operator chose
 * those, so they are not held to the policy.
 */
import { eq } from 'drizzle-orm';
import { orgSmtpSettings, orgs } from '#server/db/schema.ts';
import type { Language } from '#src/domain/language.ts';
import { type Actor, can } from '#src/domain/permissions.ts';
import {
  SMTP_ADDRESS_REFUSED,
  SMTP_NOT_CONFIGURED,
  SMTP_SETTINGS_DENIED,
  type SmtpSecurity,
  type SmtpSettings,
  type SmtpSettingsAnswer,
  type SmtpSettingsInput,
} from '#src/domain/schemas/smtp.ts';
import type { ServiceContext } from '../context.ts';
import { addressRefused } from '../outbound/outboundFetch.ts';
import { secretBoxOf } from '../secretBox.ts';
import { forbidden, invalid } from '../serviceError.ts';
import { MailError, type MailFailure, type MailServer, sendMail } from './mailer.ts';
import { testEmailMessage } from './shareEmailText.ts';

type SettingsRow = typeof orgSmtpSettings.$inferSelect;

function mayManage(actor: Actor): void {
  if (!can(actor, 'settings.manage')) throw forbidden(SMTP_SETTINGS_DENIED);
}

const settingsOf = (row: SettingsRow): SmtpSettings => ({
  host: row.host,
  port: row.port,
  security: row.security as SmtpSecurity,
  username: row.username,
  from_address: row.from_address,
  from_name: row.from_name,
  password_set: !!row.password_enc,
  updated_at: row.updated_at,
});

async function ownRow(ctx: ServiceContext, orgId: number): Promise<SettingsRow | undefined> {
  const [row] = await ctx.db.select().from(orgSmtpSettings).where(eq(orgSmtpSettings.org_id, orgId));
  return row;
}

function answerOf(ctx: ServiceContext, row: SettingsRow | undefined): SmtpSettingsAnswer {
  const server = ctx.config.smtp;
  return {
    settings: row ? settingsOf(row) : null,
    server_default: server ? { from_address: server.from_address, from_name: server.from_name } : null,
  };
}

export async function readSmtpSettings(ctx: ServiceContext, actor: Actor): Promise<SmtpSettingsAnswer> {
  mayManage(actor);
  return answerOf(ctx, await ownRow(ctx, actor.org_id));
}

/** Saves the org's settings: the password kept when not sent, removed when null or empty. */
export async function saveSmtpSettings(
  ctx: ServiceContext,
  actor: Actor,
  input: SmtpSettingsInput,
): Promise<SmtpSettingsAnswer> {
  mayManage(actor);
  // As a web address, so odd spellings of an address (2130706433, 0177.0.0.1) are read as browsers do.
  if (await addressRefused(ctx.config, new URL(`http://${input.host}`))) throw invalid(SMTP_ADDRESS_REFUSED);
  const existing = await ownRow(ctx, actor.org_id);
  const password_enc =
    input.password === undefined
      ? (existing?.password_enc ?? null)
      : input.password
        ? secretBoxOf(ctx.config).seal(input.password, 'smtp.password')
        : null;
  const values = {
    host: input.host,
    port: input.port,
    security: input.security,
    username: input.username.trim(),
    password_enc,
    from_address: input.from_address,
    from_name: input.from_name.trim(),
    updated_by: actor.user_id,
    updated_at: ctx.now().toISOString(),
  };
  const [row] = await ctx.db
    .insert(orgSmtpSettings)
    .values({ org_id: actor.org_id, ...values })
    .onConflictDoUpdate({ target: orgSmtpSettings.org_id, set: values })
    .returning();
  return answerOf(ctx, row);
}

/** Removes the org's own settings (the server's, if any, apply again). */
export async function clearSmtpSettings(ctx: ServiceContext, actor: Actor): Promise<SmtpSettingsAnswer> {
  mayManage(actor);
  await ctx.db.delete(orgSmtpSettings).where(eq(orgSmtpSettings.org_id, actor.org_id));
  return answerOf(ctx, undefined);
}

/** The mail server `orgId` sends through: its own, else the server's; undefined when neither is set. */
export async function orgMailServer(ctx: ServiceContext, orgId: number): Promise<MailServer | undefined> {
  const row = await ownRow(ctx, orgId);
  if (!row) return ctx.config.smtp ? { ...ctx.config.smtp, operator: true } : undefined;
  return {
    host: row.host,
    port: row.port,
    security: row.security as SmtpSecurity,
    username: row.username,
    password: row.password_enc ? secretBoxOf(ctx.config).open(row.password_enc, 'smtp.password') : '',
    from_address: row.from_address,
    from_name: row.from_name,
  };
}

/** The org's name, as emails name it. */
export async function orgNameOf(ctx: ServiceContext, orgId: number): Promise<string> {
  const [org] = await ctx.db.select({ name: orgs.name }).from(orgs).where(eq(orgs.id, orgId));
  return org?.name ?? '';
}

/**
 * Sends a test email now through the org's mail server (its own settings, else the server's):
 * answers whether it went, and if not why (coarsely, as `MailFailure`).
 */
export async function sendTestEmail(
  ctx: ServiceContext,
  actor: Actor,
  to: string,
  language: Language,
): Promise<{ sent: true } | { sent: false; failure: MailFailure }> {
  mayManage(actor);
  const server = await orgMailServer(ctx, actor.org_id);
  if (!server) throw invalid(SMTP_NOT_CONFIGURED);
  const name = await orgNameOf(ctx, actor.org_id);
  try {
    await sendMail(ctx.config, server, { to, ...testEmailMessage(name, language) }, server.from_name || name);
    return { sent: true };
  } catch (err) {
    if (err instanceof MailError) return { sent: false, failure: err.kind };
    throw err;
  }
}
