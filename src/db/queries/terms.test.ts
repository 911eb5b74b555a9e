import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { CrmDatabase } from '../database.ts';
import { syncedTerms } from './terms.ts';

describe('the terms as last pulled', () => {
  it("reads the version in force from the user's own org and the version their record accepted", async () => {
    const db = new CrmDatabase('terms-read', { indexedDB: new IDBFactory(), IDBKeyRange });
    expect(await syncedTerms(db, 'me')).toEqual({ inForce: null, accepted: null, orgId: null });
    await db.users.bulkPut([{ _id: 'me', org_id: 6, terms_accepted: '2026-01' }]);
    expect(await syncedTerms(db, 'me')).toEqual({ inForce: null, accepted: '2026-01', orgId: 6 });
    await db.orgs.bulkPut([
      { _id: 'o-other', id: 7, terms_version: 'other-1' },
      { _id: 'o-mine', id: 6, terms_version: '2026-02' },
    ]);
    expect(await syncedTerms(db, 'me')).toEqual({ inForce: '2026-02', accepted: '2026-01', orgId: 6 });
    // Without the user's own record (another org's database) nothing is known.
    expect(await syncedTerms(db, 'someone')).toEqual({ inForce: null, accepted: null, orgId: null });
    db.close();
  });
});
