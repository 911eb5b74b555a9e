/**
 * The org's legal documents by name: the page `/legal/{slug}` shows the document published under
 * that slug, and the server answers `GET /api/v2/legal/documents/{slug}` with it. Both sides read
 * a page's slug and the documents that answer for it here.
 */

/** The terms of service: the document everyone accepts (the privacy modal shows it). */
export const TERMS_SLUG = 'terms';
/** The privacy page the spec names beside `/legal/{slug}`. */
export const PRIVACY_SLUG = 'privacy';

/** A document's name in its address: lower-case letters and digits, dashes between. */
export const LEGAL_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const LEGAL_SLUG_MAX = 60;

export function isLegalSlug(slug: string): boolean {
  return slug.length <= LEGAL_SLUG_MAX && LEGAL_SLUG_PATTERN.test(slug);
}

/**
 * The slugs whose documents answer for a page, the first published one wins. The terms are the
 * org's privacy policy too ('Terms of Service and Privacy Policy'), so the privacy page shows them
 * until the org publishes a privacy document of its own. No slug answers for a malformed one.
 */
export function legalSlugsFor(slug: string): string[] {
  if (!isLegalSlug(slug)) return [];
  return slug === PRIVACY_SLUG ? [PRIVACY_SLUG, TERMS_SLUG] : [slug];
}

/** Whether a document published under `documentSlug` is the one the page `pageSlug` shows. */
export function legalDocumentServes(documentSlug: string, pageSlug: string): boolean {
  return legalSlugsFor(pageSlug).includes(documentSlug);
}

/** The slug of a legal page's path (`/legal/{slug}`, a trailing slash allowed); undefined for any other path. */
export function legalSlugOf(pathname: string): string | undefined {
  const match = /^\/legal\/([^/]+)\/?$/.exec(pathname);
  const slug = match?.[1];
  return slug !== undefined && isLegalSlug(slug) ? slug : undefined;
}

/**
 * The field of the org's synced record naming the version of the terms in force: publishing a
 * version writes it, so a pull tells every signed-in device that there are new terms to accept.
 */
export const TERMS_VERSION_FIELD = 'terms_version';

/**
 * Whether a user's acceptance still holds: they accepted a version, and it is the one in force
 * (when nothing is known to be in force, any accepted version holds).
 */
export function termsAcceptanceHolds(
  accepted: string | null | undefined,
  inForce: string | null | undefined,
): boolean {
  return !!accepted && (!inForce || inForce === accepted);
}

/**
 * Whether the device must ask its signed-in user to accept the terms. `signedIn` is what the sign-in
 * (or accepting on this device) recorded, null when the server said not accepted; `synced` the
 * user's own record as last pulled; `inForce` the org's version as last pulled. With a version
 * known to be in force, accepting it on any device is enough; without one, the sign-in decides.
 */
export function termsDue(facts: {
  signedIn: string | null | undefined;
  synced: string | null | undefined;
  inForce: string | null | undefined;
}): boolean {
  if (!facts.inForce) return !facts.signedIn;
  return facts.signedIn !== facts.inForce && facts.synced !== facts.inForce;
}
