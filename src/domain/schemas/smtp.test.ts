import { describe, expect, it } from 'vitest';
import { emailAddressSchema, smtpHostSchema, smtpSettingsInputSchema } from './smtp.ts';

describe('an email address that may go into a header', () => {
  it.each([
    ['dee@home.example', true],
    ['dee.o+solar@mail.home.example', true],
    ['dee@home.example\r\nBcc: eve@evil.example', false],
    ['dee@home.example\nBcc: eve@evil.example', false],
    ['dee@home.example\r', false],
    ['dee@home.example\u0000', false],
    ['Dee <dee@home.example>', false],
    ['dee@home.example, eve@evil.example', false],
    ['dee@home.example;eve@evil.example', false],
    [`${'d'.repeat(245)}@home.example`, false],
    ['dee', false],
    ['', false],
  ])('%j: %s', (value, ok) => {
    expect(emailAddressSchema.safeParse(value).success).toBe(ok);
  });
});

describe('a mail server’s host', () => {
  it.each([
    ['smtp.example.com', true],
    ['smtp.example.com.', true],
    ['mail-1.example', true],
    ['localhost', true],
    ['192.0.2.10', true],
    ['[2001:db8::1]', true],
    ['https://smtp.example.com', false],
    ['smtp.example.com:587', false],
    ['smtp example.com', false],
    ['smtp.example.com\r\nX: 1', false],
    ['-smtp.example.com', false],
    ['smtp..example.com', false],
    [`${'a'.repeat(64)}.example`, false],
    ['a.'.repeat(130), false],
    ['', false],
  ])('%j: %s', (value, ok) => {
    expect(smtpHostSchema.safeParse(value).success).toBe(ok);
  });
});

describe('the settings an admin saves', () => {
  const base = {
    host: 'smtp.example.com',
    port: 587,
    security: 'starttls',
    username: 'crm',
    from_address: 'crm@example.com',
    from_name: 'Demo Solar',
  };
  it.each([
    [{}, true],
    [{ password: 'secret' }, true],
    [{ password: null }, true],
    [{ username: '' }, true],
    [{ from_name: '' }, true],
    [{ port: 0 }, false],
    [{ port: 65_536 }, false],
    [{ port: 25.5 }, false],
    [{ security: 'ssl' }, false],
    [{ username: 'crm\r\nQUIT' }, false],
    [{ from_name: 'Demo\nBcc: x@evil.example' }, false],
    [{ password: 'p'.repeat(513) }, false],
    [{ bcc: 'x@evil.example' }, false],
  ])('%j: %s', (change, ok) => {
    expect(smtpSettingsInputSchema.safeParse({ ...base, ...change }).success).toBe(ok);
  });
});
