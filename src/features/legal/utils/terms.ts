/** The org's legal documents and accepting the terms: the legal feature's calls to the server. */
import { api } from '#src/api/appClient.ts';
import { legalDocumentServes } from '#src/domain/legalDocuments.ts';
import { TERMS_ELEMENT_ID } from '#src/domain/termsInPage.ts';

export interface TermsDocument {
  version: string;
  title: string;
  content: string;
  updated_at: string;
}

/** A published legal document: the terms, or another under its own slug (`/legal/{slug}`). */
export interface LegalDocument extends TermsDocument {
  slug: string;
}

/** The terms in force for an org (the default org's when not given). */
export function fetchTerms(org?: number): Promise<TermsDocument> {
  return api.request<TermsDocument>(
    org === undefined ? '/api/v2/legal/terms' : `/api/v2/legal/terms?org=${org}`,
  );
}

/** The document the page `/legal/{slug}` shows; refused with 404 when none is published under it. */
export function fetchLegalDocument(slug: string): Promise<LegalDocument> {
  return api.request<LegalDocument>(`/api/v2/legal/documents/${encodeURIComponent(slug)}`);
}

/** An admin publishes a new version of their org's terms; everyone accepts it on their next visit. */
export function publishTerms(terms: {
  version: string;
  title: string;
  content: string;
}): Promise<TermsDocument> {
  return api.request<TermsDocument>('/api/v2/legal/terms', { method: 'POST', body: terms });
}

export async function acceptTerms(version: string): Promise<void> {
  await api.request('/api/v2/auth/accept', { method: 'POST', body: { tosVersion: version } });
}

let drawnAhead: LegalDocument | undefined;

/** At build time (src/prerender.tsx): the stand-in document the legal page is drawn with. */
export function drawTermsAs(doc: LegalDocument): void {
  drawnAhead = doc;
}

/**
 * The document the server wrote into the page it sent (see src/domain/termsInPage.ts), if it did
 * and it is the one the page `slug` shows.
 */
export function documentInPage(slug: string): LegalDocument | undefined {
  if (drawnAhead) return drawnAhead;
  const json = globalThis.document?.getElementById(TERMS_ELEMENT_ID)?.textContent;
  if (!json) return undefined;
  try {
    const doc = JSON.parse(json) as Partial<LegalDocument>;
    const complete =
      typeof doc.slug === 'string' &&
      typeof doc.version === 'string' &&
      typeof doc.title === 'string' &&
      typeof doc.content === 'string';
    return complete && legalDocumentServes(doc.slug as string, slug) ? (doc as LegalDocument) : undefined;
  } catch {
    return undefined;
  }
}
