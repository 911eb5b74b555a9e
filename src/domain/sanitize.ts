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

/**
 * The fields the app shows as rich text (through RichText), by the table they are stored in:
 * note bodies, announcements and legal documents. Devices and the server store them sanitised
 * by the function above, so every API client receives them clean, not only this app.
 */
export const RICH_TEXT_FIELDS: Readonly<Record<string, readonly string[]>> = {
  notes: ['body'],
  announcements: ['content'],
  legal_documents: ['content'],
};

/**
 * `row` with its rich-text fields (RICH_TEXT_FIELDS[table]) sanitised; the same object when none
 * changes. Text without `<` holds no markup and passes as it is (DOMPurify answers it unchanged
 * too), so the sanitiser, and the DOM it needs, is only asked for when a field can hold a tag.
 */
export function sanitizeRichTextFields<T extends Record<string, unknown>>(
  table: string,
  row: T,
  sanitizer: () => RichTextSanitizer,
): T {
  const fields = Object.hasOwn(RICH_TEXT_FIELDS, table) ? RICH_TEXT_FIELDS[table] : undefined;
  if (!fields) return row;
  let out = row;
  for (const field of fields) {
    const value = row[field];
    if (typeof value !== 'string' || !value.includes('<')) continue;
    const clean = sanitizer()(value);
    if (clean !== value) out = { ...out, [field]: clean };
  }
  return out;
}
