/** The filtering and empty-list texts every searchable selector shares (SPEC section 8). */

export interface SelectOption {
  value: string;
  label: string;
  /** Extra words the search also matches (an email, an address), not shown. */
  keywords?: string;
}

/** Case- and accent-insensitive; every word typed must appear in the label or the keywords. */
export function filterOptions(options: readonly SelectOption[], query: string, limit = 200): SelectOption[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (!words.length) return options.slice(0, limit);
  const out: SelectOption[] = [];
  for (const option of options) {
    const text = fold(`${option.label} ${option.keywords ?? ''}`);
    if (words.every((w) => text.includes(w))) out.push(option);
    if (out.length >= limit) break;
  }
  return out;
}

export type EmptyText = { key: 'common.noOptions' } | { key: 'common.noResults'; query: string } | null;

/** What an empty list says: nothing to choose at all, or nothing matching the search. */
export function emptyText(total: number, query: string, shown: number): EmptyText {
  if (total === 0) return { key: 'common.noOptions' };
  if (shown === 0 && query.trim()) return { key: 'common.noResults', query: query.trim() };
  return null;
}

/** Options from device rows: label from the first non-empty field, sorted by label. */
export function rowOptions(
  rows: readonly Record<string, unknown>[],
  labelFields: readonly string[],
  keywordFields: readonly string[] = [],
): SelectOption[] {
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');
  return rows
    .filter((r) => typeof r._id === 'string' && !r.deleted_at)
    .map((r) => ({
      value: r._id as string,
      label: labelFields.map((f) => text(r[f])).find(Boolean) ?? (r._id as string),
      keywords: keywordFields.map((f) => text(r[f])).join(' '),
    }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

function fold(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
