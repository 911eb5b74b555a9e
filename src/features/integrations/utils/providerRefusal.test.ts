import { describe, expect, it } from 'vitest';
import { en } from '../locales/en.ts';
import { es } from '../locales/es.ts';
import { providerRefusalKey } from './providerRefusal.ts';

const textOf = (catalogue: typeof en | typeof es, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogue);

describe('the words for a service’s refusal', () => {
  it.each([
    ['access_denied', 'integrations.callback.denied'],
    ['invalid_scope', 'integrations.callback.refusedScope'],
    ['invalid_request', 'integrations.callback.refusedSetup'],
    ['unauthorized_client', 'integrations.callback.refusedSetup'],
    ['unsupported_response_type', 'integrations.callback.refusedSetup'],
    ['server_error', 'integrations.callback.refusedUnavailable'],
    ['temporarily_unavailable', 'integrations.callback.refusedUnavailable'],
    ['login_required', 'integrations.callback.refusedSignIn'],
    ['interaction_required', 'integrations.callback.refusedSignIn'],
    ['consent_required', 'integrations.callback.refusedSignIn'],
    ['account_selection_required', 'integrations.callback.refusedSignIn'],
  ])('has its own text for %s', (code, key) => {
    expect(providerRefusalKey(code)).toBe(key);
  });

  it.each([
    'Your account is locked: call +1 555 0100',
    '<script>alert(1)</script>',
    'ACCESS_DENIED',
    'toString',
    '__proto__',
    'constructor',
    '',
  ])('has the general text for anything else (%j)', (code) => {
    expect(providerRefusalKey(code)).toBe('integrations.callback.refused');
  });

  it('finds every text in both languages, none of them taking words from the address', () => {
    const codes = [
      'access_denied',
      'invalid_scope',
      'invalid_request',
      'server_error',
      'login_required',
      'x',
    ];
    for (const key of codes.map(providerRefusalKey)) {
      for (const catalogue of [en, es]) {
        const text = textOf(catalogue, key);
        expect(typeof text).toBe('string');
        expect(text).not.toMatch(/\{\{/);
      }
    }
  });
});
