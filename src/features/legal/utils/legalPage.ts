/** What the page `/legal/{slug}` shows: its document, a wait, the app's 404 page, or why it cannot. */
import { ApiError } from '#src/api/client.ts';
import { legalDocumentServes } from '#src/domain/legalDocuments.ts';
import type { LegalDocument } from './terms.ts';

export type LegalPageView =
  | { state: 'shown'; document: LegalDocument }
  | { state: 'loading' }
  /** No such page or document: the app's 404 page. */
  | { state: 'missing' }
  /** The server could not be asked (offline) or failed: nothing is known of the document. */
  | { state: 'unavailable' };

/** The server's answer for one slug: its document, or how asking for it failed. */
export type LegalAnswer =
  | { slug: string; document: LegalDocument }
  | { slug: string; failure: 'missing' | 'unavailable' };

/** How asking for a document failed: refused as not found, or anything else. */
export function legalFailure(error: unknown): 'missing' | 'unavailable' {
  return error instanceof ApiError && error.status === 404 ? 'missing' : 'unavailable';
}

/**
 * The page's view from its slug (undefined: the address names no document), the document the
 * server wrote into the page and the answer to asking for it. A document shows only on the page it
 * serves; an answer only counts for the slug it was asked for.
 */
export function legalPageView(
  slug: string | undefined,
  inPage: LegalDocument | undefined,
  answer: LegalAnswer | undefined,
): LegalPageView {
  if (slug === undefined) return { state: 'missing' };
  if (inPage && legalDocumentServes(inPage.slug, slug)) return { state: 'shown', document: inPage };
  if (answer?.slug !== slug) return { state: 'loading' };
  if ('failure' in answer) return { state: answer.failure };
  return legalDocumentServes(answer.document.slug, slug)
    ? { state: 'shown', document: answer.document }
    : { state: 'missing' };
}
