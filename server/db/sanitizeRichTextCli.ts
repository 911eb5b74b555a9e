/**
 * `npm run db:sanitize-rich-text`: once, on a database written before the server sanitised rich
 * text, rewrites the note bodies, announcements and legal documents that still hold markup the
 * app does not allow (services/richText.ts). A migration cannot do this: it needs DOMPurify.
 * Safe to run again and while the server runs. Uses DATABASE_URL or DATA_DIR like the server.
 */
import { sanitizeStoredRichTextRows } from '../services/richText.ts';
import { withConfiguredDatabase } from './client.ts';

const started = Date.now();
await withConfiguredDatabase(async (handle) => {
  const fixed = await sanitizeStoredRichTextRows(handle.db);
  console.log(`sanitised rich text in ${handle.kind}: ${fixed} rows rewritten, ${Date.now() - started} ms`);
});
