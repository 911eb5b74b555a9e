import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { CrmDatabase } from '../database.ts';
import { viewsOfTable } from './tableViews.ts';

describe('saved views on the device', () => {
  it('lists the global views and the user’s own; a view taken back from global leaves the list', async () => {
    const db = new CrmDatabase('table-views', { indexedDB: new IDBFactory(), IDBKeyRange });
    await db.table_views.bulkPut([
      { _id: 'g', table_name: 'contacts', name: 'Team pipeline', global: true, created_by: 'admin' },
      { _id: 'mine', table_name: 'contacts', name: 'My leads', global: false, created_by: 'rep' },
      // Once global, then taken back: still pulled, no longer the rep's to use.
      { _id: 'back', table_name: 'contacts', name: 'Was global', global: false, created_by: 'admin' },
      { _id: 'other', table_name: 'teams', name: 'Teams', global: true, created_by: 'admin' },
    ]);
    expect((await viewsOfTable(db, 'contacts', 'rep')).map((v) => v._id).sort()).toEqual(['g', 'mine']);
    expect((await viewsOfTable(db, 'contacts', 'admin')).map((v) => v._id).sort()).toEqual(['back', 'g']);
    db.close();
  });
});
