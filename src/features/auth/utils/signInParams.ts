/**
 * What the address of the sign-in page says (read once, when the page opens: the app clears
 * these parameters from the address a little later):
 * - `auth_failed=1`: the session was refused when the app loaded;
 * - `return=/path`: where to go after signing in (same-site paths only);
 * - `oidc=1`: the third-party sign-in finished and set the session cookie;
 * - `oidc_error=<reason>`: it was refused, and why.
 */
import { OIDC_FAILURES, type OidcFailure } from '#src/domain/oidcFailures.ts';
import { safeReturnPath } from '#src/domain/returnPath.ts';

export interface SignInParams {
  authFailed: boolean;
  returnTo: string | undefined;
  oidcDone: boolean;
  oidcError: OidcFailure | undefined;
}

export function readSignInParams(search: string): SignInParams {
  const params = new URLSearchParams(search);
  const error = params.get('oidc_error');
  return {
    authFailed: params.get('auth_failed') === '1',
    returnTo: safeReturnPath(params.get('return')),
    oidcDone: params.get('oidc') === '1',
    oidcError: OIDC_FAILURES.find((known) => known === error),
  };
}

/** The sign-in page's address after a refused session on `path`: the flag and the way back. */
export function authFailedAddress(path: string): string {
  const params = new URLSearchParams({ auth_failed: '1' });
  const back = safeReturnPath(path);
  if (back && back !== '/') params.set('return', back);
  return `/auth/login?${params}`;
}

/** Where the third-party sign-in starts, coming back to `returnTo` afterwards. */
export function oidcStartAddress(returnTo: string | undefined): string {
  return returnTo && returnTo !== '/'
    ? `/auth/oidc?${new URLSearchParams({ return: returnTo })}`
    : '/auth/oidc';
}
