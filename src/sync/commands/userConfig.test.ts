import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { CrmDatabase } from '#src/db/database.ts';
import { userConfig } from '#src/db/queries/userConfig.ts';
import { rebase } from '../pendingPatch.ts';
import { InvalidChangeError } from './enqueue.ts';
import { saveMapLayout, saveUserConfig } from './userConfig.ts';

const USER = '0190a0a0-0000-7000-8000-0000000000cc';
const open = async (name: string) => {
  const db = new CrmDatabase(name, { indexedDB: new IDBFactory(), IDBKeyRange });
  await db.open();
  return db;
};

describe('user configuration commands', () => {
  it('start a configuration keyed by the user, merge map layouts by name and queue each save', async () => {
    const db = await open('uc-merge');
    await saveMapLayout(db, USER, { name: 'lead_map', layers: { pins: true, zips: true } });
    await saveMapLayout(db, USER, { name: 'other', layers: { pins: false } });
    await saveMapLayout(db, USER, { name: 'lead_map', view: { longitude: -112, latitude: 33.4, zoom: 12 } });
    const row = await userConfig(db, USER);
    expect(row).toMatchObject({
      _id: USER,
      pending: true,
      map_layouts: [
        {
          name: 'lead_map',
          layers: { pins: true, zips: true },
          view: { longitude: -112, latitude: 33.4, zoom: 12 },
        },
        { name: 'other', layers: { pins: false } },
      ],
    });
    const queued = await db.outbox.toArray();
    expect(queued.map((e) => [e.name, e.table, e.row_id])).toEqual([
      ['user_config.save.v1', 'user_configs', USER],
      ['user_config.save.v1', 'user_configs', USER],
      ['user_config.save.v1', 'user_configs', USER],
    ]);
    // The pulled row with the queued saves on top gives the same row (what a pull rebases on).
    const pulled = { _id: USER, user_id: USER, version: 5, pins: [{ id: 'p' }], map_layouts: [] };
    expect(rebase(pulled, queued)).toMatchObject({ pins: [{ id: 'p' }], map_layouts: row?.map_layouts });
    db.close();
  });

  it('refuses what the server would refuse, and queues nothing', async () => {
    const db = await open('uc-bad');
    await expect(saveUserConfig(db, USER, {})).rejects.toBeInstanceOf(InvalidChangeError);
    await expect(
      saveMapLayout(db, USER, { name: 'lead_map', view: { longitude: 200, latitude: 0, zoom: 3 } }),
    ).rejects.toThrow(/longitude/);
    expect(await db.outbox.count()).toBe(0);
    expect(await userConfig(db, USER)).toBeNull();
    db.close();
  });
});
