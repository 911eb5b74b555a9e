/**
 * Settings → Email's form: the org's saved mail server as the form's fields, and the fields as
 * what the server takes (checked with the same schema first, so a wrong field is named at once).
 */
import {
  SMTP_DEFAULT_PORTS,
  type SmtpSecurity,
  type SmtpSettings,
  type SmtpSettingsInput,
  smtpSettingsInputSchema,
} from '#src/domain/schemas/smtp.ts';

export interface SmtpForm {
  host: string;
  port: string;
  security: SmtpSecurity;
  username: string;
  /** Typed only to set a new one; empty keeps the one set. */
  password: string;
  removePassword: boolean;
  fromAddress: string;
  fromName: string;
}

/** The field a problem is about, for the screen's words. */
export type SmtpFormProblem = 'host' | 'port' | 'username' | 'password' | 'fromAddress' | 'fromName';

export function smtpFormOf(settings: SmtpSettings | null): SmtpForm {
  return {
    host: settings?.host ?? '',
    port: String(settings?.port ?? SMTP_DEFAULT_PORTS.starttls),
    security: settings?.security ?? 'starttls',
    username: settings?.username ?? '',
    password: '',
    removePassword: false,
    fromAddress: settings?.from_address ?? '',
    fromName: settings?.from_name ?? '',
  };
}

/** A new security choice, with its usual port when the port was the old choice's usual one. */
export function withSecurity(form: SmtpForm, security: SmtpSecurity): SmtpForm {
  const usual = form.port.trim() === '' || form.port.trim() === String(SMTP_DEFAULT_PORTS[form.security]);
  return { ...form, security, port: usual ? String(SMTP_DEFAULT_PORTS[security]) : form.port };
}

const FIELD_PROBLEMS: Record<string, SmtpFormProblem> = {
  host: 'host',
  port: 'port',
  username: 'username',
  password: 'password',
  from_address: 'fromAddress',
  from_name: 'fromName',
};

/** What `PUT /api/v2/settings/email` takes, or the first field that is wrong. */
export function smtpBodyOf(form: SmtpForm): { body: SmtpSettingsInput } | { problem: SmtpFormProblem } {
  const port = form.port.trim();
  const candidate = {
    host: form.host.trim(),
    port: /^\d+$/.test(port) ? Number(port) : Number.NaN,
    security: form.security,
    username: form.username.trim(),
    ...(form.removePassword ? { password: null } : form.password ? { password: form.password } : {}),
    from_address: form.fromAddress.trim(),
    from_name: form.fromName.trim(),
  };
  const checked = smtpSettingsInputSchema.safeParse(candidate);
  if (checked.success) return { body: checked.data };
  const field = String(checked.error.issues[0]?.path[0] ?? 'host');
  return { problem: FIELD_PROBLEMS[field] ?? 'host' };
}
