/**
 * Sends one email through an org's mail server (SMTP, nodemailer) under the outgoing address
 * policy (server/services/outbound): the server's host is resolved and every address it resolves
 * to is checked first, then the connection goes to a checked address (the host name kept for TLS,
 * so its certificate is still verified against the name), never to the name again. Every step has
 * a time limit, and what went wrong is told coarsely (`MailError.kind`), never with what the mail
 * server answered.
 */
import { isIP } from 'node:net';
import nodemailer from 'nodemailer';
import type { ServerConfig } from '#server/config.ts';
import type { SmtpSecurity } from '#src/domain/schemas/smtp.ts';
import { allowedAddresses, OutboundError } from '../outbound/outboundFetch.ts';

/** A mail server to send through, its password opened. */
export interface MailServer {
  host: string;
  port: number;
  security: SmtpSecurity;
  username: string;
  password: string;
  from_address: string;
  from_name: string;
  /**
   * The server's own settings (SMTP_*), chosen by its operator: connected to as they are, a relay
   * on this machine or the local network included. An org's settings are held to the policy.
   */
  operator?: boolean;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Why a message did not go: see SHARE_EMAIL_FAILURES (src/domain/proposals/shareEmail.ts). */
export type MailFailure = 'address' | 'connection' | 'timeout' | 'tls' | 'auth' | 'rejected';

export class MailError extends Error {
  readonly kind: MailFailure;
  constructor(kind: MailFailure, options?: ErrorOptions) {
    super(`The email was not sent (${kind}).`, options);
    this.name = 'MailError';
    this.kind = kind;
  }
}

/** Time limits of one message: connecting, the server's greeting, any silence, and the whole. */
export const MAIL_LIMITS = { connectMs: 10_000, greetingMs: 10_000, idleMs: 20_000, totalMs: 60_000 };

const TLS_CODE = /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY|ALTNAME|HOSTNAME_MISMATCH/;

/** The coarse reason behind a nodemailer error (its causes looked through). */
export function mailFailureOf(err: unknown): MailFailure {
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  const codes: string[] = [];
  let tls = false;
  while (queue.length) {
    const e = queue.shift();
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    if (e instanceof MailError) return e.kind;
    const { code, message, library } = e as { code?: unknown; message?: unknown; library?: unknown };
    if (typeof code === 'string') codes.push(code);
    if (typeof code === 'string' && code !== 'ETLS' && TLS_CODE.test(code)) tls = true;
    if (library === 'SSL routines' || (typeof message === 'string' && /certificate|ssl|tls/i.test(message)))
      tls = true;
    queue.push((e as { cause?: unknown }).cause);
  }
  const first = codes[0];
  if (first === 'EAUTH' || first === 'ENOAUTH') return 'auth';
  if (first === 'EENVELOPE' || first === 'EMESSAGE' || first === 'EMAXRECIPIENTS') return 'rejected';
  if (first === 'ETLS' || first === 'EREQUIRETLS' || tls) return 'tls';
  if (codes.some((c) => c === 'ETIMEDOUT' || c === 'ETIMEOUT')) return 'timeout';
  return 'connection';
}

/** A display name as one header-safe line (control characters and line breaks become spaces). */
export function headerText(text: string, max = 200): string {
  return Array.from(text, (ch) => {
    const code = ch.charCodeAt(0);
    return code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029 ? ' ' : ch;
  })
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);
}

/** The address to connect to for an org's mail server: one the policy allows, or why not. */
async function checkedAddress(config: ServerConfig, host: string): Promise<string> {
  try {
    const [first] = await allowedAddresses(config, host);
    if (first) return first.address;
  } catch (err) {
    throw new MailError(err instanceof OutboundError && err.kind === 'address' ? 'address' : 'connection', {
      cause: err,
    });
  }
  throw new MailError('connection');
}

/**
 * Sends `message` through `server`, from `server.from_address` named `fromName`. Resolves once the
 * server took the message; throws a {@link MailError} when it was not sent.
 */
export async function sendMail(
  config: ServerConfig,
  server: MailServer,
  message: MailMessage,
  fromName: string,
): Promise<void> {
  const name = server.host.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  const transport = nodemailer.createTransport({
    host: server.operator ? name : await checkedAddress(config, server.host),
    port: server.port,
    secure: server.security === 'tls',
    requireTLS: server.security === 'starttls',
    ignoreTLS: server.security === 'none',
    ...(isIP(name) ? {} : { servername: name }),
    ...(server.username ? { auth: { user: server.username, pass: server.password } } : {}),
    tls: { rejectUnauthorized: true, minVersion: 'TLSv1.2' },
    connectionTimeout: MAIL_LIMITS.connectMs,
    greetingTimeout: MAIL_LIMITS.greetingMs,
    socketTimeout: MAIL_LIMITS.idleMs,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new MailError('timeout')), MAIL_LIMITS.totalMs);
  });
  try {
    await Promise.race([
      transport.sendMail({
        from: { name: headerText(fromName, 100), address: server.from_address },
        to: message.to,
        subject: headerText(message.subject, 300),
        text: message.text,
        html: message.html,
      }),
      late,
    ]);
  } catch (err) {
    throw new MailError(mailFailureOf(err), { cause: err });
  } finally {
    clearTimeout(timer);
    transport.close();
  }
}
