/**
 * The pages the build draws in advance (scripts/prerender.ts) and the server sends for their paths
 * (webApp.ts). Light on imports: the build step imports it too.
 */
import {
  TERMS_ELEMENT_ID,
  TERMS_PARAGRAPH_MARK,
  TERMS_TITLE_MARK,
  termsParagraphs,
} from '#src/domain/termsInPage.ts';

/** Folder of the build holding them. */
export const PRERENDERED_DIR = 'prerendered';
/** Where the legal page takes the current terms as data. */
export const TERMS_MARK = '<!--hs-terms-->';

export interface PageTerms {
  title: string;
  content: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The legal page with the current terms drawn in — the title as text, each paragraph as the
 * sanitised markup the app itself would show — and written in as data for the app to take over
 * (never run as script, even if they hold `</script>`). Undefined when the drawn page lacks the
 * marks (a build of another shape): the caller then sends the app, which asks for the terms.
 */
export function legalPageWithTerms(
  page: string,
  terms: PageTerms,
  sanitize: (html: string) => string,
): string | undefined {
  const paragraph = new RegExp(`(<div[^>]*>)${TERMS_PARAGRAPH_MARK}(</div>)`).exec(page);
  if (!paragraph || !page.includes(`>${TERMS_TITLE_MARK}<`) || !page.includes(TERMS_MARK)) return undefined;
  const [block, open, close] = paragraph as unknown as [string, string, string];
  const paragraphs = termsParagraphs(terms.content)
    .map((text) => `${open}${text.includes('<') ? sanitize(text) : text}${close}`)
    .join('');
  const json = JSON.stringify(terms).replace(/</g, '\\u003c');
  return page
    .replace(`>${TERMS_TITLE_MARK}<`, () => `>${escapeHtml(terms.title)}<`)
    .replace(block, () => paragraphs)
    .replace(TERMS_MARK, () => `<script type="application/json" id="${TERMS_ELEMENT_ID}">${json}</script>`);
}
