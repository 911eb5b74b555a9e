import { describe, expect, it } from 'vitest';
import type { SmtpSettings } from '#src/domain/schemas/smtp.ts';
import { type SmtpForm, smtpBodyOf, smtpFormOf, withSecurity } from './smtpForm.ts';

const saved: SmtpSettings = {
  host: 'smtp.example.com',
  port: 465,
  security: 'tls',
  username: 'crm',
  from_address: 'crm@example.com',
  from_name: 'Demo Solar',
  password_set: true,
  updated_at: '2026-11-30T10:00:00.000Z',
};
const form = (change: Partial<SmtpForm> = {}): SmtpForm => ({ ...smtpFormOf(saved), ...change });

describe('the email settings form', () => {
  it('starts from the saved settings, the password never shown; with none, STARTTLS on 587', () => {
    expect(smtpFormOf(saved)).toEqual({
      host: 'smtp.example.com',
      port: '465',
      security: 'tls',
      username: 'crm',
      password: '',
      removePassword: false,
      fromAddress: 'crm@example.com',
      fromName: 'Demo Solar',
    });
    expect(smtpFormOf(null)).toMatchObject({ host: '', port: '587', security: 'starttls' });
  });

  it.each([
    ['465', 'starttls', '587'],
    ['', 'none', '25'],
    ['2525', 'none', '2525'],
  ] as const)('port %j, then %s: port %j', (port, security, after) => {
    expect(withSecurity(form({ port }), security)).toMatchObject({ security, port: after });
  });

  it.each([
    [{}, { host: 'smtp.example.com', port: 465 }],
    [{ password: 'new secret' }, { password: 'new secret' }],
    [{ removePassword: true, password: 'ignored' }, { password: null }],
    [{ host: ' smtp.example.com ', fromAddress: ' crm@example.com ' }, { host: 'smtp.example.com' }],
  ])('%j is sent as %j', (change, sent) => {
    const made = smtpBodyOf(form(change));
    expect('body' in made && made.body).toMatchObject(sent);
  });

  it('keeps the password set when none is typed', () => {
    const made = smtpBodyOf(form());
    expect('body' in made && 'password' in made.body).toBe(false);
  });

  it.each([
    [{ host: 'https://smtp.example.com' }, 'host'],
    [{ port: '0' }, 'port'],
    [{ port: '25a' }, 'port'],
    [{ port: '' }, 'port'],
    [{ username: 'a\tb' }, 'username'],
    [{ password: 'p'.repeat(513) }, 'password'],
    [{ fromAddress: 'Demo <crm@example.com>' }, 'fromAddress'],
    [{ fromName: 'n'.repeat(101) }, 'fromName'],
  ] as const)('%j is refused: %s', (change, problem) => {
    expect(smtpBodyOf(form(change))).toEqual({ problem });
  });
});
