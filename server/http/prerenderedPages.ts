/**
 * The pages the build draws in advance (scripts/prerender.ts) and the server sends for their paths
 * (webApp.ts). Light on imports: the build step imports it too.
 */
import { TERMS_ELEMENT_ID } from '../../src/domain/termsInPage.ts';

/** Folder of the build holding them. */
export const PRERENDERED_DIR = 'prerendered';
/** Where the legal page takes the current terms. */
export const TERMS_MARK = '<!--hs-terms-->';

/** The legal page with the terms written in as data (never run as script, even if they hold `</script>`). */
export function legalPageWithTerms(page: string, terms: object | undefined): string {
  if (!terms) return page.replace(TERMS_MARK, '');
  const json = JSON.stringify(terms).replace(/</g, '\\u003c');
  return page.replace(
    TERMS_MARK,
    () => `<script type="application/json" id="${TERMS_ELEMENT_ID}">${json}</script>`,
  );
}
