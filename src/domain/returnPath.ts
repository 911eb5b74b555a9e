/**
 * Where the app may send someone after signing in: a path on this same site, never another
 * origin (no open redirect). The address is checked as a browser would read it: it is resolved
 * against a fixed origin first (dot segments such as `/.//host` or `/%2e//host`, which collapse
 * into `//host`), and the result, not the input, must stay on that origin, must not start with
 * `//` or `/\` (a browser leaves the site for those), and must resolve to itself again. Absolute
 * URLs, backslashes, control characters (also percent-encoded in the path) and the sign-in pages themselves (a loop) are refused.
 */
const MAX_RETURN_LENGTH = 2000;
const BASE = 'https://same.invalid';

const hasControlCharacter = (value: string) =>
  [...value].some((c) => {
    const code = c.charCodeAt(0);
    return code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
  });

/** The URL a path resolves to on the fixed origin, or undefined when it does not stay there. */
function resolved(path: string): URL | undefined {
  try {
    const url = new URL(path, BASE);
    return url.origin === BASE ? url : undefined;
  } catch {
    return undefined;
  }
}

function decodedPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname).toLowerCase();
  } catch {
    return pathname.toLowerCase();
  }
}

export function safeReturnPath(value: string | null | undefined): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > MAX_RETURN_LENGTH)
    return undefined;
  // Browsers read a backslash as a slash, so `/\host` would leave the site.
  if (value.includes('\\') || hasControlCharacter(value)) return undefined;
  const url = resolved(value);
  if (!url) return undefined;
  const result = url.pathname + url.search + url.hash;
  if (!result.startsWith('/') || result.startsWith('//') || result.startsWith('/\\')) return undefined;
  // What is answered must read the same when it is followed again.
  const again = resolved(result);
  if (!again || again.href !== url.href) return undefined;
  const path = decodedPath(url.pathname);
  if (hasControlCharacter(path)) return undefined;
  if (path === '/auth' || path.startsWith('/auth/')) return undefined;
  return result;
}
