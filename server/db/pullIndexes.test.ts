import { getTableName } from 'drizzle-orm';
import { getTableConfig, type IndexedColumn } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { PULLED_TABLES } from '../services/sync.ts';

describe('the indexes a pull needs', () => {
  it('every table a pull reads has an index on its org and version, in that order', () => {
    const missing = PULLED_TABLES.filter((table) => {
      const { name, indexes, columns } = getTableConfig(table);
      // The org record itself is found by its primary key.
      if (name === 'orgs') return !columns.some((c) => c.name === 'id' && c.primary);
      return !indexes.some((index) => {
        const leading = index.config.columns.slice(0, 2).map((c) => (c as IndexedColumn).name);
        return leading[0] === 'org_id' && leading[1] === 'version';
      });
    }).map(getTableName);
    expect(PULLED_TABLES.length).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });
});
