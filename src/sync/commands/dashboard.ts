/**
 * Dashboard commands: layouts and their cards, saved through the record commands
 * (`record.save.v1` / `record.delete.v1`). A change touching a layout and its cards (adding or
 * removing a card, deleting a layout) is one transaction on the device.
 */

import type { CrmDatabase } from '#src/db/database.ts';
import type { CardRow, LayoutRow } from '#src/db/rows.ts';
import type { CardConfig, CardPlacement, CardType } from '#src/domain/dashboard/cards.ts';
import { transactionTables } from './enqueue.ts';
import { deleteRecord, saveRecord } from './records.ts';

/** What the card editor saves. */
export interface CardFields {
  title: string;
  type: CardType;
  config: CardConfig;
  card_layout?: CardPlacement;
}

const inDashboard = <T>(db: CrmDatabase, work: () => Promise<T>) =>
  db.transaction('rw', transactionTables(db, 'layouts', 'cards'), work);

async function layoutCards(db: CrmDatabase, layoutId: string): Promise<string[]> {
  const layout = (await db.layouts.get(layoutId)) as LayoutRow | undefined;
  return [...(layout?.cards ?? [])];
}

/** A new layout of the user's, empty. Answers its id. */
export function addLayout(db: CrmDatabase, userId: string, name: string): Promise<string> {
  return saveRecord(db, 'layouts', undefined, { name, cards: [], is_global: false }, userId);
}

export async function renameLayout(db: CrmDatabase, id: string, name: string): Promise<void> {
  await saveRecord(db, 'layouts', id, { name });
}

/** Makes the layout the org's global one, or takes it back (admins; the server decides too). */
export async function setLayoutGlobal(db: CrmDatabase, id: string, global: boolean): Promise<void> {
  await saveRecord(db, 'layouts', id, { is_global: global });
}

/** Deletes the layout and the cards it holds. */
export function deleteLayout(db: CrmDatabase, id: string): Promise<void> {
  return inDashboard(db, async () => {
    for (const cardId of await layoutCards(db, id)) await deleteRecord(db, 'cards', cardId);
    await deleteRecord(db, 'layouts', id);
  });
}

/** A new card at the end of the layout. Answers its id. */
export function addCard(
  db: CrmDatabase,
  userId: string,
  layoutId: string,
  fields: CardFields,
): Promise<string> {
  return inDashboard(db, async () => {
    const id = await saveRecord(db, 'cards', undefined, { ...fields }, userId);
    await saveRecord(db, 'layouts', layoutId, { cards: [...(await layoutCards(db, layoutId)), id] });
    return id;
  });
}

export async function editCard(db: CrmDatabase, id: string, fields: Partial<CardFields>): Promise<void> {
  await saveRecord(db, 'cards', id, { ...fields });
}

/** Takes the card off the layout and deletes it. */
export function removeCard(db: CrmDatabase, layoutId: string, cardId: string): Promise<void> {
  return inDashboard(db, async () => {
    const cards = await layoutCards(db, layoutId);
    await saveRecord(db, 'layouts', layoutId, { cards: cards.filter((c) => c !== cardId) });
    await deleteRecord(db, 'cards', cardId);
  });
}

/** Saves where cards sit after a drag or a resize: only the cards that moved. */
export function placeCards(
  db: CrmDatabase,
  placements: readonly { id: string; card_layout: CardPlacement }[],
): Promise<void> {
  return inDashboard(db, async () => {
    for (const { id, card_layout } of placements) {
      const card = (await db.cards.get(id)) as CardRow | undefined;
      if (!card || card.deleted_at) continue;
      if (JSON.stringify(card.card_layout ?? null) === JSON.stringify(card_layout)) continue;
      await saveRecord(db, 'cards', id, { card_layout });
    }
  });
}
