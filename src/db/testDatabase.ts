/** Test helpers: a device database opened by name (with fake-indexeddb), plain index rows. */
import type Dexie from 'dexie';
import { CrmDatabase } from './database.ts';

export function testDatabase(name: string, options?: ConstructorParameters<typeof Dexie>[1]): CrmDatabase {
  return new CrmDatabase(name, options);
}

/** Rows of the row index as plain objects (their columns are getters), without empty values. */
export function plain(rows: readonly Record<string, unknown>[]): Record<string, unknown>[] {
  return rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const key in row) if (row[key] !== undefined) out[key] = row[key];
    return out;
  });
}
