/**
 * Captures marketing attribution into first-party cookies (rules in src/domain/attribution.ts):
 * the first visit that carries utm_*, ref or promo parameters is kept for 6 months; the current
 * visit's attribution lives in a 30-minute session cookie renewed while the visitor is active.
 * Stored only: the session registration does not carry it yet.
 */
import {
  ATTRIBUTION_COOKIE,
  ATTRIBUTION_MAX_AGE_S,
  ATTRIBUTION_SESSION_COOKIE,
  ATTRIBUTION_SESSION_MAX_AGE_S,
  type Attribution,
  attributionFromQuery,
  parseAttribution,
} from '../domain/attribution.ts';

const RENEW_AT_MOST_EVERY_MS = 60_000;

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry === undefined ? undefined : decodeURIComponent(entry.slice(prefix.length));
}

function writeCookie(name: string, value: string, maxAgeS: number): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeS}; Path=/; SameSite=Lax${secure}`;
}

/** The first-touch attribution (6 months) and the current session's (30 minutes), if any. */
export function storedAttribution(): { first?: Attribution; session?: Attribution } {
  return {
    first: parseAttribution(readCookie(ATTRIBUTION_COOKIE)),
    session: parseAttribution(readCookie(ATTRIBUTION_SESSION_COOKIE)),
  };
}

/** Run once at start: stores what the address carries and renews the session cookie on activity. */
export function captureAttribution(search: string = location.search): void {
  const found = attributionFromQuery(search);
  if (found) {
    const value = JSON.stringify(found);
    if (!parseAttribution(readCookie(ATTRIBUTION_COOKIE)))
      writeCookie(ATTRIBUTION_COOKIE, value, ATTRIBUTION_MAX_AGE_S);
    writeCookie(ATTRIBUTION_SESSION_COOKIE, value, ATTRIBUTION_SESSION_MAX_AGE_S);
  }
  let renewedAt = Date.now();
  const renew = () => {
    if (Date.now() - renewedAt < RENEW_AT_MOST_EVERY_MS) return;
    renewedAt = Date.now();
    const session = readCookie(ATTRIBUTION_SESSION_COOKIE);
    if (session !== undefined)
      writeCookie(ATTRIBUTION_SESSION_COOKIE, session, ATTRIBUTION_SESSION_MAX_AGE_S);
  };
  for (const type of ['pointerdown', 'keydown'] as const)
    window.addEventListener(type, renew, { passive: true, capture: true });
}
