/** The terms document and accepting it: the auth feature's calls to the server. */
import { api } from '#src/api/appClient.ts';
import { TERMS_ELEMENT_ID } from '#src/domain/termsInPage.ts';

export interface TermsDocument {
  version: string;
  title: string;
  content: string;
  updated_at: string;
}

/** The terms in force for an org (the default org's when not given). */
export function fetchTerms(org?: number): Promise<TermsDocument> {
  return api.request<TermsDocument>(
    org === undefined ? '/api/v2/legal/terms' : `/api/v2/legal/terms?org=${org}`,
  );
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

let drawnAhead: TermsDocument | undefined;

/** At build time (src/prerender.tsx): the stand-in terms the legal page is drawn with. */
export function drawTermsAs(terms: TermsDocument): void {
  drawnAhead = terms;
}

/** The terms the server wrote into the page it sent, if it did (see src/domain/termsInPage.ts). */
export function termsInPage(): TermsDocument | undefined {
  if (drawnAhead) return drawnAhead;
  const json = globalThis.document?.getElementById(TERMS_ELEMENT_ID)?.textContent;
  if (!json) return undefined;
  try {
    const terms = JSON.parse(json) as Partial<TermsDocument>;
    const complete =
      typeof terms.version === 'string' &&
      typeof terms.title === 'string' &&
      typeof terms.content === 'string';
    return complete ? (terms as TermsDocument) : undefined;
  } catch {
    return undefined;
  }
}
