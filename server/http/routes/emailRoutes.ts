/**
 * The org's mail server (Settings → Email, admins): read, save, remove, and a test email sent at
 * once. Homeowners' links are emailed through it (`POST /api/v2/proposals/{id}/share/email`).
 */
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { DEFAULT_LIMITS, describeLimit } from '#server/limits.ts';
import {
  clearSmtpSettings,
  readSmtpSettings,
  saveSmtpSettings,
  sendTestEmail,
} from '#server/services/mail/smtpSettings.ts';
import { can } from '#src/domain/permissions.ts';
import { SHARE_EMAIL_FAILURES } from '#src/domain/proposals/shareEmail.ts';
import {
  SMTP_ADDRESS_REFUSED,
  SMTP_NOT_CONFIGURED,
  smtpSettingsAnswerSchema,
  smtpSettingsInputSchema,
  smtpTestRequestSchema,
} from '#src/domain/schemas/smtp.ts';
import { defineRoute, type RouteDeps, type RouteEnv } from '../defineRoute.ts';
import { RateLimiter, throttle, waitText } from '../rateLimit.ts';

const PATH = '/api/v2/settings/email';
const answer = {
  description:
    '`data`: `settings`, the org’s own (the password only as `password_set`) or null, and `server_default`, the sender of the server’s own settings when it has some.',
  schema: z.object({ data: smtpSettingsAnswerSchema }),
};

/**
 * Test emails per org, before anything is sent: each one connects to the mail server. Only the
 * admins' tries count (anyone else is refused by the service), so nobody else spends them.
 */
function testThrottle({ ctx }: RouteDeps): MiddlewareHandler<RouteEnv> {
  const tests = new RateLimiter(ctx.config.limits.smtpTest);
  return async (c, next) => {
    const { actor } = c.get('caller');
    if (can(actor, 'settings.manage'))
      throttle(
        tests,
        String(actor.org_id),
        ctx.now().getTime(),
        (wait) => `Too many test emails. Try again ${waitText(wait)}.`,
      );
    await next();
  };
}

export const emailRoutes = [
  defineRoute({
    method: 'get',
    path: PATH,
    operationId: 'getEmailSettings',
    summary: 'Read the org’s mail server settings (admins)',
    tag: 'Email',
    access: 'session',
    answer,
    handler: async (_c, { ctx, actor }) => ({ data: await readSmtpSettings(ctx, actor) }),
  }),
  defineRoute({
    method: 'put',
    path: PATH,
    operationId: 'setEmailSettings',
    summary: 'Set the org’s mail server (admins)',
    description: `\`password\`: absent keeps the one set, null or empty removes it. The host must be a public address unless the server allows private ones (OUTBOUND_ALLOW_PRIVATE=1): a name is resolved and every address it resolves to checked, now and on every connection; a refused one answers 400 (“${SMTP_ADDRESS_REFUSED}”).`,
    tag: 'Email',
    access: 'session',
    body: { name: 'EmailSettings', schema: smtpSettingsInputSchema },
    answer,
    handler: async (_c, { ctx, actor, body }) => ({ data: await saveSmtpSettings(ctx, actor, body) }),
  }),
  defineRoute({
    method: 'delete',
    path: PATH,
    operationId: 'clearEmailSettings',
    summary: 'Remove the org’s own mail server (admins); the server’s own settings apply again, if any',
    tag: 'Email',
    access: 'session',
    answer,
    handler: async (_c, { ctx, actor }) => ({ data: await clearSmtpSettings(ctx, actor) }),
  }),
  defineRoute({
    method: 'post',
    path: `${PATH}/test`,
    operationId: 'sendTestEmail',
    summary: 'Send a test email through the org’s mail server now (admins)',
    description: `Answers whether the mail server took it, and if not why: one of ${SHARE_EMAIL_FAILURES.filter((f) => f !== 'not_configured' && f !== 'interrupted').join(', ')}. With no mail server set, 400 (“${SMTP_NOT_CONFIGURED}”). Throttled per org (${describeLimit(DEFAULT_LIMITS.smtpTest)} by default): past it, 429 with Retry-After.`,
    tag: 'Email',
    access: 'session',
    use: (deps) => [testThrottle(deps)],
    body: { name: 'EmailTest', schema: smtpTestRequestSchema },
    answer: {
      description: '`data`: `sent`, and when false, `failure`.',
      schema: z.object({
        data: z.object({ sent: z.boolean(), failure: z.enum(SHARE_EMAIL_FAILURES).optional() }),
      }),
    },
    handler: async (_c, { ctx, actor, body }) => ({
      data: await sendTestEmail(ctx, actor, body.to, body.language ?? 'en'),
    }),
  }),
];
