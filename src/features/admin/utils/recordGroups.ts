import { DEFAULT_PRODUCT_ID } from '#src/domain/roles.ts';

export interface ListedRecord {
  id: string;
  name: string;
  /** The org's default product (SPEC: default product id 198). */
  isDefault: boolean;
}

export interface RecordGroup {
  /** The product group (category); null for records without one, and for tables without groups. */
  group: string | null;
  records: ListedRecord[];
}

type Row = Record<string, unknown>;

/**
 * A settings section's records in the order an admin reads them: by name, products in their
 * groups (named groups first, alphabetically; ungrouped last), the default product marked.
 */
export function recordGroups(rows: readonly Row[], grouped: boolean): RecordGroup[] {
  const groups = new Map<string | null, ListedRecord[]>();
  for (const row of rows) {
    const category =
      grouped && typeof row.category === 'string' && row.category.trim() ? row.category.trim() : null;
    const list = groups.get(category) ?? [];
    list.push({
      id: String(row._id),
      name: typeof row.name === 'string' && row.name ? row.name : String(row._id),
      isDefault: grouped && row.legacy_id === DEFAULT_PRODUCT_ID,
    });
    groups.set(category, list);
  }
  const byName = (a: ListedRecord, b: ListedRecord) => a.name.localeCompare(b.name);
  return [...groups.entries()]
    .sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : a.localeCompare(b)))
    .map(([group, records]) => ({ group, records: records.sort(byName) }));
}
