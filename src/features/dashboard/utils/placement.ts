/**
 * Where cards sit in the 12-column grid: a card's stored placement read safely, the keyboard's
 * moves and resizes (the alternative to dragging), and where a new card goes.
 */
import { type CardPlacement, cardPlacementSchema, GRID_COLUMNS } from '#src/domain/dashboard/cards.ts';

export const MAX_CARD_HEIGHT = 24;

export type CardMove = 'left' | 'right' | 'up' | 'down' | 'wider' | 'narrower' | 'taller' | 'shorter';

export const CARD_MOVES: readonly CardMove[] = [
  'left',
  'right',
  'up',
  'down',
  'wider',
  'narrower',
  'taller',
  'shorter',
];

/** The stored placement when it is valid, else a default one (a third of the width). */
export function readPlacement(value: unknown, index = 0): CardPlacement {
  const parsed = cardPlacementSchema.safeParse(value);
  if (parsed.success) {
    const p = parsed.data;
    return { ...p, w: Math.min(p.w, GRID_COLUMNS - p.x) };
  }
  return { x: (index % 3) * 4, y: Math.floor(index / 3) * 3, w: 4, h: 3 };
}

/** Cards in reading order: row by row, left to right. */
export function readingOrder<T extends { placement: CardPlacement }>(cards: readonly T[]): T[] {
  return [...cards].sort((a, b) => a.placement.y - b.placement.y || a.placement.x - b.placement.x);
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * The placements after one keyboard move of a card: left/right shift it one column, up/down swap
 * it with the card before or after it in reading order, wider/narrower/taller/shorter resize it.
 * Answers only the cards that changed.
 */
export function moveCard(
  cards: readonly { id: string; placement: CardPlacement }[],
  id: string,
  move: CardMove,
): { id: string; placement: CardPlacement }[] {
  const card = cards.find((c) => c.id === id);
  if (!card) return [];
  const p = card.placement;
  const changed = (placement: CardPlacement) =>
    JSON.stringify(placement) === JSON.stringify(p) ? [] : [{ id, placement }];
  switch (move) {
    case 'left':
      return changed({ ...p, x: clamp(p.x - 1, 0, GRID_COLUMNS - p.w) });
    case 'right':
      return changed({ ...p, x: clamp(p.x + 1, 0, GRID_COLUMNS - p.w) });
    case 'wider': {
      const w = clamp(p.w + 1, 1, GRID_COLUMNS);
      return changed({ ...p, w, x: Math.min(p.x, GRID_COLUMNS - w) });
    }
    case 'narrower':
      return changed({ ...p, w: clamp(p.w - 1, 1, GRID_COLUMNS) });
    case 'taller':
      return changed({ ...p, h: clamp(p.h + 1, 1, MAX_CARD_HEIGHT) });
    case 'shorter':
      return changed({ ...p, h: clamp(p.h - 1, 1, MAX_CARD_HEIGHT) });
    case 'up':
    case 'down': {
      const order = readingOrder(cards);
      const at = order.findIndex((c) => c.id === id);
      const other = order[move === 'up' ? at - 1 : at + 1];
      if (!other) return [];
      const o = other.placement;
      return [
        { id, placement: { ...p, x: Math.min(o.x, GRID_COLUMNS - p.w), y: o.y } },
        { id: other.id, placement: { ...o, x: Math.min(p.x, GRID_COLUMNS - o.w), y: p.y } },
      ];
    }
  }
}

/** Where a new card goes: below every card, at the left. */
export function nextPlacement(
  placements: readonly CardPlacement[],
  size: { w: number; h: number },
): CardPlacement {
  const bottom = placements.reduce((max, p) => Math.max(max, p.y + p.h), 0);
  return { x: 0, y: bottom, w: size.w, h: size.h };
}
