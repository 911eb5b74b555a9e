/**
 * Why a third-party sign-in was refused: the server sends one of these in `?oidc_error=` and the
 * sign-in page shows its text in the person's language (anything else in that parameter is ignored).
 * - `subject_mismatch`: the provider's account is not the one this user signed in with before, or
 *   that account is now linked to a user with another email address.
 */
export const OIDC_FAILURES = ['failed', 'unverified', 'unknown', 'deactivated', 'subject_mismatch'] as const;
export type OidcFailure = (typeof OIDC_FAILURES)[number];
