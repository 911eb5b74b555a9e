import { describe, expect, it } from 'vitest';
import { headerText, MailError, mailFailureOf } from './mailer.ts';

const err = (props: Record<string, unknown>, cause?: unknown) =>
  Object.assign(new Error(String(props.message ?? 'failed')), props, cause ? { cause } : {});

describe('what a failed email is told as', () => {
  it.each([
    ['a refused sign-in', err({ code: 'EAUTH', responseCode: 535 }), 'auth'],
    ['no credentials the server wants', err({ code: 'ENOAUTH' }), 'auth'],
    ['a refused recipient', err({ code: 'EENVELOPE', responseCode: 550 }), 'rejected'],
    ['a refused message', err({ code: 'EMESSAGE', responseCode: 554 }), 'rejected'],
    ['a failed STARTTLS', err({ code: 'ETLS' }), 'tls'],
    ['a server without STARTTLS when it is required', err({ code: 'EREQUIRETLS' }), 'tls'],
    [
      'a certificate that does not verify',
      err(
        { code: 'ESOCKET', message: 'self-signed certificate' },
        err({ code: 'DEPTH_ZERO_SELF_SIGNED_CERT' }),
      ),
      'tls',
    ],
    [
      'TLS spoken to a plain server',
      err({ code: 'ESOCKET', library: 'SSL routines', message: 'wrong version number' }),
      'tls',
    ],
    ['a closed port', err({ code: 'ESOCKET', message: 'connect ECONNREFUSED 127.0.0.1:9' }), 'connection'],
    ['a name that does not resolve', err({ code: 'EDNS', message: 'getaddrinfo ENOTFOUND' }), 'connection'],
    ['a connection that timed out', err({ code: 'ETIMEDOUT', message: 'Connection timeout' }), 'timeout'],
    ['a greeting that never came', err({ code: 'ECONNECTION' }, err({ code: 'ETIMEDOUT' })), 'timeout'],
    ['a dropped connection', err({ code: 'ECONNECTION', message: 'Connection closed' }), 'connection'],
    ['an address the policy refused', new MailError('address'), 'address'],
    ['something unknown', new Error('?'), 'connection'],
    ['not an error at all', 'boom', 'connection'],
  ])('%s', (_, error, kind) => {
    expect(mailFailureOf(error)).toBe(kind);
  });

  it('never loops on an error that names itself as its cause', () => {
    const looped = err({ code: 'ESOCKET' });
    Object.assign(looped, { cause: looped });
    expect(mailFailureOf(looped)).toBe('connection');
  });
});

describe('a name as a header line', () => {
  it.each([
    ['Demo Solar', 'Demo Solar'],
    ['Demo\r\nBcc: eve@evil.example', 'Demo Bcc: eve@evil.example'],
    ['  tabs\tand\u0085 C1\u2028lines  ', 'tabs and C1 lines'],
    ['Solar & Sons “Fine”', 'Solar & Sons “Fine”'],
  ])('%j', (text, line) => {
    expect(headerText(text)).toBe(line);
  });

  it('is cut to its bound', () => {
    expect(headerText('x'.repeat(500), 100)).toHaveLength(100);
  });
});
