import { OAuth2RequestError } from 'arctic';
import { describe, expect, it } from 'vitest';
import { readConfig } from '#server/config.ts';
import { OutboundError } from '../outbound/outboundFetch.ts';
import {
  ProviderAnswerError,
  providerProblem,
  providerSchemeAllowed,
  transientProblem,
} from './oauthCalls.ts';

describe('talking to OAuth providers', () => {
  it('shows standard error codes only, never what the provider wrote', () => {
    const refused = new OAuth2RequestError('invalid_grant', 'row 7 of table secrets', null, null);
    expect(providerProblem(refused, 'CRM')).toBe('CRM refused: invalid_grant.');
    const odd = new OAuth2RequestError('<b>db down at 10.0.0.3</b>', null, null, null);
    expect(providerProblem(odd, 'CRM')).toBe('CRM refused the request.');
    expect(providerProblem(new ProviderAnswerError(302), 'CRM')).toBe(
      'CRM answered with a redirect, which is not followed.',
    );
    expect(providerProblem(new ProviderAnswerError(500), 'CRM')).toBe('CRM answered unexpectedly (500).');
    expect(providerProblem(new Error('internal detail'), 'CRM')).toBe('CRM answered unexpectedly.');
    expect(providerProblem(new OutboundError('timeout', 'x'), 'CRM')).toBe(
      'CRM could not be reached. Try again later.',
    );
    expect(providerProblem(new OutboundError('address', 'x'), 'CRM')).toMatch(/address is not allowed/);
  });

  it('retries later only when the provider could not be reached', () => {
    expect(transientProblem(new OutboundError('timeout', 'x'))).toBe(true);
    expect(transientProblem(new OutboundError('connection', 'x'))).toBe(true);
    expect(transientProblem(new OutboundError('address', 'x'))).toBe(false);
    expect(transientProblem(new OAuth2RequestError('invalid_grant', null, null, null))).toBe(false);
  });

  it('takes https, and plain http only to this machine where private addresses are allowed', () => {
    const strict = readConfig({ NODE_ENV: 'development' });
    const open = readConfig({ NODE_ENV: 'development', OUTBOUND_ALLOW_PRIVATE: '1' });
    expect(providerSchemeAllowed(strict, new URL('https://sso.example.com/token'))).toBe(true);
    expect(providerSchemeAllowed(strict, new URL('http://sso.example.com/token'))).toBe(false);
    expect(providerSchemeAllowed(strict, new URL('http://127.0.0.1:9000/token'))).toBe(false);
    expect(providerSchemeAllowed(open, new URL('http://127.0.0.1:9000/token'))).toBe(true);
    expect(providerSchemeAllowed(open, new URL('http://localhost:9000/token'))).toBe(true);
    expect(providerSchemeAllowed(open, new URL('http://sso.example.com/token'))).toBe(false);
    expect(providerSchemeAllowed(open, new URL('http://10.0.0.2/token'))).toBe(false);
  });
});
