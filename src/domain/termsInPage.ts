/**
 * The legal page as the server sends it: drawn at build time with stand-in terms (these marks),
 * then the server writes the current terms in their place — the title, one block per paragraph —
 * and as JSON (the body of `GET /api/v2/legal/terms` without the envelope) in the element with
 * TERMS_ELEMENT_ID, from which the app takes over the drawn page without asking the server again.
 */
export const TERMS_ELEMENT_ID = 'hs-terms';
export const TERMS_TITLE_MARK = 'hs-terms-title';
export const TERMS_PARAGRAPH_MARK = 'hs-terms-paragraph';

/** The terms' text as the legal page shows it: one block per paragraph (a blank line between). */
export function termsParagraphs(content: string): string[] {
  return content.split('\n\n');
}
