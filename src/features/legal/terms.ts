/** The terms document and accepting it: the auth feature's calls to the server. */
import { api } from '../../api/appClient.ts';
import { TERMS_ELEMENT_ID } from '../../domain/termsInPage.ts';

export interface TermsDocument {
  version: string;
  title: string;
  content: string;
  updated_at: string;
}

export function fetchTerms(): Promise<TermsDocument> {
  return api.request<TermsDocument>('/api/v2/legal/terms');
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
