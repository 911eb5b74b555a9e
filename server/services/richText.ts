/**
 * Rich text on the server: note bodies, announcements and legal documents are stored sanitised by
 * the app's own sanitiser (src/domain/sanitize.ts), so API clients other than the app never
 * receive script markup. DOMPurify needs a DOM: jsdom supplies one, created on first use only
 * (loading it costs about a second) and then kept for the life of the process.
 */
import { createRequire } from 'node:module';
import { and, eq, like, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  createRichTextSanitizer,
  RICH_TEXT_FIELDS,
  type RichTextSanitizer,
  sanitizeRichTextFields,
} from '#src/domain/sanitize.ts';
import type { Database } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { inVersionedTransaction } from './versions.ts';

let sanitizer: RichTextSanitizer | undefined;

/** The one sanitiser of this process, over a jsdom window made on first use. */
export function serverRichTextSanitizer(): RichTextSanitizer {
  if (!sanitizer) {
    // Loaded here, not imported at the top, so a server that never meets markup never pays for it.
    const { JSDOM } = createRequire(import.meta.url)('jsdom') as typeof import('jsdom');
    sanitizer = createRichTextSanitizer(new JSDOM('').window as never);
  }
  return sanitizer;
}

/** `fields` (a row or part of one) of `table` with its rich-text fields as they are to be stored. */
export function sanitizeStoredRichText<T extends Record<string, unknown>>(table: string, fields: T): T {
  return sanitizeRichTextFields(table, fields, serverRichTextSanitizer);
}

/** The stored tables holding rich text, by their key in RICH_TEXT_FIELDS. */
const RICH_TEXT_STORES: Record<string, PgTable & { id: PgColumn; org_id: PgColumn }> = {
  notes: schema.notes,
  announcements: schema.announcements,
  legal_documents: schema.legalDocuments,
};

/**
 * Maintenance for databases written before the server sanitised: rewrites every stored rich-text
 * field that the sanitiser would change, each fixed row with a new version from its org's counter
 * so devices pull the clean copy. Safe to run again (it then changes nothing) and while the server
 * runs. Answers how many rows it fixed.
 */
export async function sanitizeStoredRichTextRows(db: Database): Promise<number> {
  let fixed = 0;
  for (const [table, fields] of Object.entries(RICH_TEXT_FIELDS)) {
    const store = RICH_TEXT_STORES[table];
    if (!store) throw new Error(`no stored table for rich text of ${table}`);
    const columns = store as unknown as Record<string, PgColumn>;
    // Only text with a '<' can hold markup; the rest is left alone without starting a DOM.
    const mayHoldMarkup = or(...fields.map((f) => like(columns[f] as PgColumn, '%<%'))) as SQL;
    const rows = (await db.select().from(store).where(mayHoldMarkup)) as Record<string, unknown>[];
    for (const row of rows) {
      const clean = sanitizeStoredRichText(table, row);
      if (clean === row) continue;
      const changes = Object.fromEntries(fields.map((f) => [f, clean[f]]));
      const written = await inVersionedTransaction({ db }, Number(row.org_id), async (tx, version) => {
        // Written only if the row still holds what was read, so a concurrent edit is never undone.
        const unchanged = fields.map((f) => eq(columns[f] as PgColumn, row[f] as string));
        return tx
          .update(store)
          .set({ ...changes, version, updated_at: sql`now()` } as never)
          .where(and(eq(store.id, row.id as string), ...unchanged))
          .returning({ id: store.id });
      });
      fixed += written.length;
    }
  }
  return fixed;
}
