/**
 * Parameters a sign-in leaves in the address (a refused session, the end of a third-party
 * sign-in, a token or development key handed over in the link) are read when the app opens and
 * then cleared from the address 2,000 ms later (SPEC section 9), so a copied or bookmarked address
 * never carries them. `return` stays: it is where the sign-in page goes next.
 */
export const AUTH_PARAMS = ['auth_failed', 'oidc', 'oidc_error', 'token', 'auth_token', 'dev_key'] as const;
export const AUTH_PARAMS_CLEAR_MS = 2_000;

/** The query without the sign-in parameters (`''` when nothing else is left). */
export function withoutAuthParams(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of AUTH_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** Clears them after the delay, keeping the page's place in history; returns a cancel. */
export function clearAuthParamsLater(win: Window = window): () => void {
  const timer = win.setTimeout(() => {
    const { pathname, search, hash } = win.location;
    const cleared = withoutAuthParams(search);
    if (cleared !== search) win.history.replaceState(win.history.state, '', `${pathname}${cleared}${hash}`);
  }, AUTH_PARAMS_CLEAR_MS);
  return () => win.clearTimeout(timer);
}
