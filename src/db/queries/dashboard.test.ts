import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { defaultCardConfig } from '#src/domain/dashboard/cards.ts';
import {
  addCard,
  addLayout,
  deleteLayout,
  placeCards,
  removeCard,
  setLayoutGlobal,
} from '#src/sync/commands/dashboard.ts';
import { CrmDatabase } from '../database.ts';
import { cardBatches, listLayouts, readLayoutCards } from './dashboard.ts';

const open = (name: string) => new CrmDatabase(name, { indexedDB: new IDBFactory(), IDBKeyRange });
const number = (title: string) => ({
  title,
  type: 'number' as const,
  config: defaultCardConfig(),
  card_layout: { x: 0, y: 0, w: 3, h: 2 },
});

describe('the dashboard on the device', () => {
  it("lists the user's own layouts and the shared ones, global first; never another's", async () => {
    const db = open('dash-layouts');
    await db.layouts.bulkPut([
      { _id: 'mine', name: 'B mine', owner_id: 'u1', is_global: false, cards: [] },
      { _id: 'other', name: 'A other', owner_id: 'u2', is_global: false, cards: [] },
      { _id: 'global', name: 'Z global', owner_id: 'u2', is_global: true, cards: [] },
      { _id: 'seeded', name: 'Default Layout', owner_id: null, is_global: true, cards: [] },
      { _id: 'gone', name: 'Gone', owner_id: 'u1', deleted_at: '2026-11-01T00:00:00Z', cards: [] },
    ]);
    expect((await listLayouts(db, 'u1')).map((l) => l._id)).toEqual(['seeded', 'global', 'mine']);
    db.close();
  });

  it('reads a layout’s cards in its order, six at a time, leaving out missing and deleted ones', async () => {
    expect(cardBatches(['1', '2', '3', '4', '5', '6', '7']).map((b) => b.length)).toEqual([6, 1]);
    const db = open('dash-cards');
    const ids = Array.from({ length: 8 }, (_, i) => `c${i}`);
    await db.cards.bulkPut(ids.map((id) => ({ _id: id, title: id, type: 'number' })));
    await db.cards.put({ _id: 'c3', title: 'c3', deleted_at: '2026-11-01T00:00:00Z' });
    const order = ['c7', 'c0', 'missing', 'c3', 'c5', 'c1', 'c2', 'c4', 'c6'];
    expect((await readLayoutCards(db, order)).map((c) => c._id)).toEqual([
      'c7',
      'c0',
      'c5',
      'c1',
      'c2',
      'c4',
      'c6',
    ]);
    db.close();
  });

  it('adds, moves and removes cards with their layout in one change each, all queued for the server', async () => {
    const db = open('dash-commands');
    const layout = await addLayout(db, 'u1', 'Mine');
    expect((await listLayouts(db, 'u1')).map((l) => l.name)).toEqual(['Mine']);
    const a = await addCard(db, 'u1', layout, number('A'));
    const b = await addCard(db, 'u1', layout, number('B'));
    expect((await db.layouts.get(layout))?.cards).toEqual([a, b]);
    await placeCards(db, [
      { id: a, card_layout: { x: 0, y: 0, w: 3, h: 2 } },
      { id: b, card_layout: { x: 3, y: 0, w: 4, h: 2 } },
    ]);
    expect((await db.cards.get(b))?.card_layout).toEqual({ x: 3, y: 0, w: 4, h: 2 });
    await removeCard(db, layout, a);
    expect((await db.layouts.get(layout))?.cards).toEqual([b]);
    expect(await db.cards.get(a)).toBeUndefined();
    await setLayoutGlobal(db, layout, true);
    expect((await db.layouts.get(layout))?.is_global).toBe(true);
    await deleteLayout(db, layout);
    expect(await db.layouts.get(layout)).toBeUndefined();
    expect(await db.cards.get(b)).toBeUndefined();
    const queued = (await db.outbox.toArray()).map((e) => `${e.name} ${(e.args as { table: string }).table}`);
    // Layout, 2 cards + 2 layout updates, 1 move (A did not move), removal (layout + card),
    // global, deletion (card + layout).
    expect(queued).toHaveLength(11);
    await expect(addCard(db, 'u1', 'nope', { ...number(''), title: '' })).rejects.toThrow(/title/);
    db.close();
  });
});
