/**
 * The dashboard on the device: the layouts a user may open (their own, and the org's global or
 * shared ones) and a layout's cards, read in batches of six as `ls_leads_get_dash_cards` answers
 * them (SPEC section 7), so a layout of many cards reads the same way online and offline.
 */
import { CARD_BATCH_SIZE } from '#src/domain/dashboard/cards.ts';
import type { CrmDatabase } from '../database.ts';
import type { CardRow, LayoutRow } from '../rows.ts';

/** A layout is the user's own when they own it, or made it on this device (owner set on the server). */
export function isOwnLayout(layout: LayoutRow, userId: string): boolean {
  if (layout.owner_id) return layout.owner_id === userId;
  return !layout.is_global && layout.created_by === userId && layout.pending === true;
}

/** Shared with everyone: global, or kept for the whole org (no owner, as the seeded one). */
export function isSharedLayout(layout: LayoutRow): boolean {
  return layout.is_global === true || (!layout.owner_id && layout.pending !== true);
}

/** The layouts this user may open, global ones first, then by name. */
export async function listLayouts(db: CrmDatabase, userId: string): Promise<LayoutRow[]> {
  const rows = ((await db.layouts.toArray()) as LayoutRow[]).filter(
    (row) => !row.deleted_at && (isSharedLayout(row) || isOwnLayout(row, userId)),
  );
  return rows.sort(
    (a, b) =>
      Number(isSharedLayout(b)) - Number(isSharedLayout(a)) ||
      (a.name ?? '').localeCompare(b.name ?? '') ||
      a._id.localeCompare(b._id),
  );
}

/** Card ids split into the batches they are read in. */
export function cardBatches(ids: readonly string[]): string[][] {
  const batches: string[][] = [];
  for (let i = 0; i < ids.length; i += CARD_BATCH_SIZE) batches.push(ids.slice(i, i + CARD_BATCH_SIZE));
  return batches;
}

/** The cards of a layout in its order, six at a time; missing or deleted ones are left out. */
export async function readLayoutCards(db: CrmDatabase, ids: readonly string[]): Promise<CardRow[]> {
  const cards: CardRow[] = [];
  for (const batch of cardBatches([...new Set(ids)])) {
    const rows = (await db.cards.bulkGet(batch)) as (CardRow | undefined)[];
    for (const row of rows) if (row && !row.deleted_at) cards.push(row);
  }
  return cards;
}
