/**
 * Where the app may send someone after signing in: a path on this same site, never another
 * origin (no open redirect). `//evil.example`, `/\evil.example`, absolute URLs, control characters
 * and the sign-in pages themselves (a loop) are refused.
 */
const MAX_RETURN_LENGTH = 2000;
const BASE = 'https://same.invalid';

export function safeReturnPath(value: string | null | undefined): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > MAX_RETURN_LENGTH)
    return undefined;
  // Browsers read a backslash as a slash, so `/\host` would leave the site.
  if (value.startsWith('//') || value.includes('\\')) return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return undefined;
  }
  if (url.origin !== BASE) return undefined;
  if (url.pathname === '/auth' || url.pathname.startsWith('/auth/')) return undefined;
  return url.pathname + url.search + url.hash;
}
