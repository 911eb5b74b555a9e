/**
 * Rich text rules (SPEC section 2): only b, i, strong, a and br survive, and on links only href
 * and target. Everything else is removed; the text inside removed tags is kept. DOMPurify does
 * the parsing, so it needs a DOM: the browser's own, or one the caller supplies (server, tests).
 */
import createDOMPurify, { type WindowLike } from 'dompurify';

export const RICH_TEXT_TAGS = ['b', 'i', 'strong', 'a', 'br'] as const;
export const RICH_TEXT_LINK_ATTRIBUTES = ['href', 'target'] as const;

export type RichTextSanitizer = (html: string) => string;

export function createRichTextSanitizer(window: WindowLike): RichTextSanitizer {
  const purify = createDOMPurify(window);
  if (!purify.isSupported) throw new Error('Rich text needs a DOM to be sanitised.');
  return (html) =>
    purify.sanitize(html, {
      ALLOWED_TAGS: [...RICH_TEXT_TAGS],
      ALLOWED_ATTR: [...RICH_TEXT_LINK_ATTRIBUTES],
      // Links only; data and script URLs never pass (DOMPurify's URI check stays on).
      ALLOW_DATA_ATTR: false,
      ALLOW_ARIA_ATTR: false,
      KEEP_CONTENT: true,
    });
}
