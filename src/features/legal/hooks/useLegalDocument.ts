import { useEffect, useMemo, useState } from 'react';
import { type LegalAnswer, type LegalPageView, legalFailure, legalPageView } from '../utils/legalPage.ts';
import { documentInPage, fetchLegalDocument } from '../utils/terms.ts';

/**
 * The document of the page `/legal/{slug}`: the one the server wrote into the page on a first
 * visit, otherwise asked for (public, no sign-in). Undefined `slug`: the address names none.
 */
export function useLegalDocument(slug: string | undefined): LegalPageView {
  const inPage = useMemo(() => (slug === undefined ? undefined : documentInPage(slug)), [slug]);
  const [answer, setAnswer] = useState<LegalAnswer>();
  useEffect(() => {
    if (slug === undefined || inPage) return;
    let current = true;
    fetchLegalDocument(slug).then(
      (document) => current && setAnswer({ slug, document }),
      (error: unknown) => current && setAnswer({ slug, failure: legalFailure(error) }),
    );
    return () => {
      current = false;
    };
  }, [slug, inPage]);
  return legalPageView(slug, inPage, answer);
}
