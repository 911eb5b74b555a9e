/**
 * A local mail server for tests (smtp-server on 127.0.0.1, a random port): it takes every message
 * and keeps it, with its envelope, its headers and its body decoded from quoted-printable, so a
 * test reads what a homeowner would receive. With `auth`, it takes only that user and password.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  /** The envelope's sender and recipients. */
  from: string;
  to: string[];
  /** The headers, names in lower case (unfolded, still MIME-encoded where they were). */
  headers: Record<string, string>;
  /** Every part's body, decoded from quoted-printable or base64, one after another. */
  text: string;
  raw: string;
}

export interface SmtpCatcher {
  port: number;
  messages: CaughtMail[];
  /** Resolves with the nth message (1-based) once it has arrived. */
  nth(n: number, ms?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

const decodeQuotedPrintable = (text: string) =>
  Buffer.from(
    text
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** Splits a message into headers and the decoded text of its parts (multipart walked one level deep). */
function parse(raw: string): Pick<CaughtMail, 'headers' | 'text'> {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const body = rest.join('\r\n\r\n');
  const boundary = /boundary="?([^";]+)"?/.exec(headers['content-type'] ?? '')?.[1];
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1) : [`${head}\r\n\r\n${body}`];
  const text = parts
    .map((part) => {
      const [partHead = '', ...partBody] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
      const content = partBody.join('\r\n\r\n');
      if (/content-transfer-encoding:\s*quoted-printable/i.test(partHead))
        return decodeQuotedPrintable(content);
      if (/content-transfer-encoding:\s*base64/i.test(partHead))
        return Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8');
      return content;
    })
    .join('\n');
  return { headers, text };
}

export async function startSmtpCatcher(
  options: { auth?: { user: string; pass: string } } = {},
): Promise<SmtpCatcher> {
  const messages: CaughtMail[] = [];
  const waiting: (() => void)[] = [];
  const { auth } = options;
  const server = new SMTPServer({
    logger: false,
    authOptional: !auth,
    allowInsecureAuth: true,
    ...(auth ? {} : { disabledCommands: ['AUTH'] }),
    onAuth(login, _session, done) {
      if (auth && login.username === auth.user && login.password === auth.pass)
        done(null, { user: login.username });
      else done(new Error('Invalid user name or password'));
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          ...parse(raw),
        });
        for (const wake of waiting.splice(0)) wake();
        done();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    messages,
    async nth(n, ms = 20_000) {
      const until = Date.now() + ms;
      while (messages.length < n) {
        if (Date.now() > until)
          throw new Error(`timed out waiting for message ${n} (have ${messages.length})`);
        await new Promise<void>((wake) => {
          waiting.push(wake);
          setTimeout(wake, 200);
        });
      }
      return messages[n - 1] as CaughtMail;
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
