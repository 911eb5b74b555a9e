import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { CrmDatabase } from '../database.ts';
import { PinIndexStore } from '../pinIndexStore.ts';
import { currentPinView, type PinViewEntry, savePinView } from './pinView.ts';

let n = 0;
const open = () => {
  const indexedDB = new IDBFactory();
  const name = `pin-view-${++n}`;
  return { db: new CrmDatabase(name, { indexedDB, IDBKeyRange }), name, indexedDB };
};

const lead = (id: string, status: string) => ({
  _id: id,
  name: `Lead ${id}`,
  status,
  coordinates: [-112.07, 33.45],
  version: 1,
});

/** Contacts are written with the pin index in scope, as every write path does. */
async function writeLead(db: CrmDatabase, row: Record<string, unknown>) {
  await db.transaction('rw', [db.contacts, db.pin_changes], () => db.contacts.put(row as never));
}

const view = (version: number): PinViewEntry => ({
  version,
  bbox: [-112.4, 33.2, -111.6, 33.7],
  zoom: 10,
  key: '[[],{}]',
  features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [-112.07, 33.45] }, properties: {} }],
  shown: 1,
  total: 1,
});

async function version(db: CrmDatabase): Promise<number> {
  return Number((await db.pin_changes.toCollection().lastKey()) ?? 0);
}

describe('the kept map view', () => {
  it('is answered while no pin changed since it was drawn, and not once one did', async () => {
    const { db } = open();
    await writeLead(db, lead('a', 'Lead'));
    const drawn = view(await version(db));
    await savePinView(db, drawn);
    expect(await currentPinView(db)).toEqual(drawn);

    await writeLead(db, lead('a', 'Not Home 1'));
    expect(await currentPinView(db)).toBeUndefined();
  });

  it('is not answered when drawn from pins older than the device holds', async () => {
    const { db } = open();
    await writeLead(db, lead('a', 'Lead'));
    await writeLead(db, lead('b', 'Lead'));
    // The worker had read only the first change when it drew.
    await savePinView(db, view((await version(db)) - 1));
    expect(await currentPinView(db)).toBeUndefined();
  });

  it('stays current when the pin worker folds the change rows into a snapshot', async () => {
    const { db, name, indexedDB } = open();
    await writeLead(db, lead('a', 'Lead'));
    const drawn = view(await version(db));
    await savePinView(db, drawn);
    // What the worker does: save its snapshot up to the last change and drop the rows it holds.
    const store = new PinIndexStore<{ seq: number }>(name, { indexedDB, IDBKeyRange });
    await store.saveSnapshot({ seq: drawn.version });
    store.close();
    expect(await db.pin_changes.count()).toBe(0);
    expect(await currentPinView(db)).toEqual(drawn);

    await writeLead(db, lead('b', 'Lead'));
    expect(await currentPinView(db)).toBeUndefined();
  });

  it('is not answered on a device that never kept one', async () => {
    const { db } = open();
    expect(await currentPinView(db)).toBeUndefined();
  });
});
