import { describe, expect, it } from 'vitest';
// biome-ignore lint/style/noRestrictedImports: a test sets up what the signed-in app provides (messages, a device database, toasts)
import { en } from '#src/app/locales/en.ts';
// biome-ignore lint/style/noRestrictedImports: a test sets up what the signed-in app provides (messages, a device database, toasts)
import { es } from '#src/app/locales/es.ts';
import { OIDC_FAILURES } from '#src/domain/oidcFailures.ts';
import { authFailedAddress, oidcStartAddress, readSignInParams } from './signInParams.ts';

describe('sign-in page parameters', () => {
  it('reads the refused-session flag and a same-site return path', () => {
    expect(readSignInParams('?auth_failed=1&return=%2Fcontacts%3Ftab%3Dmine')).toEqual({
      authFailed: true,
      returnTo: '/contacts?tab=mine',
      oidcDone: false,
      oidcError: undefined,
    });
  });

  it('drops a return path to another site and unknown error reasons', () => {
    expect(readSignInParams('?return=%2F%2Fevil.example&oidc_error=%3Cscript%3E')).toEqual({
      authFailed: false,
      returnTo: undefined,
      oidcDone: false,
      oidcError: undefined,
    });
    expect(readSignInParams('?oidc=1&oidc_error=unverified')).toMatchObject({
      oidcDone: true,
      oidcError: 'unverified',
    });
  });

  it('reads every reason the server sends, each with its text in both languages', () => {
    for (const reason of OIDC_FAILURES) {
      expect(readSignInParams(`?oidc_error=${reason}`).oidcError).toBe(reason);
      expect(en.signInOptions.oidcError[reason]).toBeTruthy();
      expect(es.signInOptions.oidcError[reason]).toBeTruthy();
    }
    expect(readSignInParams('?oidc_error=subject_mismatch').oidcError).toBe('subject_mismatch');
  });

  it('drops a return path whose dot segments collapse into another site', () => {
    for (const back of ['/.//evil.example', '/%2e//evil.example', '/..//evil.example', '/./\\evil.example'])
      expect(readSignInParams(`?${new URLSearchParams({ return: back })}`).returnTo, back).toBeUndefined();
  });

  it('builds the refused-session address with the way back', () => {
    expect(authFailedAddress('/contacts/abc?x=1')).toBe(
      '/auth/login?auth_failed=1&return=%2Fcontacts%2Fabc%3Fx%3D1',
    );
    expect(authFailedAddress('/')).toBe('/auth/login?auth_failed=1');
    expect(authFailedAddress('//evil.example')).toBe('/auth/login?auth_failed=1');
  });

  it('starts the third-party sign-in with the way back', () => {
    expect(oidcStartAddress('/leads')).toBe('/auth/oidc?return=%2Fleads');
    expect(oidcStartAddress(undefined)).toBe('/auth/oidc');
  });
});
