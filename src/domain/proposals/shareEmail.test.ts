import { describe, expect, it } from 'vitest';
import { emailLanguageOf, emailPending, shareEmailRequestSchema } from './shareEmail.ts';

describe('the language of a homeowner’s email', () => {
  it.each([
    ['spanish', 'es'],
    ['Spanish', 'es'],
    [' es ', 'es'],
    ['english', 'en'],
    ['EN', 'en'],
    ['portuguese', undefined],
    ['', undefined],
    [null, undefined],
    [undefined, undefined],
  ])('%j → %j', (preferred, language) => {
    expect(emailLanguageOf(preferred)).toBe(language);
  });
});

describe('a request to email the link', () => {
  it.each([
    [{ to: 'dee@home.example' }, true],
    [{ to: 'dee@home.example', language: 'es', days: 14 }, true],
    [{ to: 'dee@home.example', language: 'fr' }, false],
    [{ to: 'dee@home.example', days: 0 }, false],
    [{ to: 'dee@home.example', days: 91 }, false],
    [{ to: 'dee@home.example\r\nBcc: eve@evil.example' }, false],
    [{ to: 'dee@home.example', cc: 'eve@evil.example' }, false],
    [{}, false],
  ])('%j: %s', (body, ok) => {
    expect(shareEmailRequestSchema.safeParse(body).success).toBe(ok);
  });
});

describe('an email on its way', () => {
  it.each([
    ['queued', true],
    ['sending', true],
    ['sent', false],
    ['failed', false],
  ] as const)('%s: %s', (status, pending) => {
    expect(emailPending({ status })).toBe(pending);
  });
});
