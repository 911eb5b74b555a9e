/**
 * Announcement rules shared by the screens: the order and filter of the list, which ones are
 * unread, and the editor's HTML turned into the rich text that is stored (SPEC section 2: only b,
 * i, strong, a and br survive the sanitiser, so paragraphs become line breaks before it runs).
 */
import type { AnnouncementCategory } from './schemas/records.ts';

export interface AnnouncementFacts {
  _id: string;
  category?: string | null;
  date?: string | null;
  created_at?: string | null;
}

const when = (a: AnnouncementFacts) => Date.parse(a.date ?? a.created_at ?? '') || 0;

/** Newest first, optionally only one category; ties keep a stable order by id. */
export function announcementsToShow<T extends AnnouncementFacts>(
  rows: readonly T[],
  category: AnnouncementCategory | null,
): T[] {
  return rows
    .filter((row) => !category || row.category === category)
    .sort((a, b) => when(b) - when(a) || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
}

/** How many of `rows` this user has not opened yet. */
export function unreadCount(rows: readonly AnnouncementFacts[], readIds: ReadonlySet<string>): number {
  return rows.reduce((n, row) => (readIds.has(row._id) ? n : n + 1), 0);
}

/** The read ids kept after marking `ids` read: the newest `max`, so the list never grows forever. */
export function withRead(kept: readonly string[], ids: readonly string[], max = 500): string[] {
  const next = [...kept.filter((id) => !ids.includes(id)), ...ids];
  return next.slice(Math.max(0, next.length - max));
}

/**
 * The editor's HTML as stored rich text: paragraph and block ends become `<br>` (the sanitiser
 * would otherwise run paragraphs together), `<em>` becomes `<i>`, an empty document is empty.
 * The result still goes through the sanitiser.
 */
export function editorHtmlToRichText(html: string): string {
  const text = html
    .replace(/<\/(p|h[1-6]|li|blockquote|div)>\s*/gi, '<br>')
    .replace(/<(p|h[1-6]|li|ul|ol|blockquote|div)(\s[^>]*)?>/gi, '')
    .replace(/<\/(ul|ol)>/gi, '')
    .replace(/<(\/?)em(\s[^>]*)?>/gi, '<$1i>')
    .replace(/(<br\s*\/?>\s*)+$/i, '');
  return text.replace(/^(<br\s*\/?>\s*)+$/i, '');
}
