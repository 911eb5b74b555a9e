import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CardPlacement } from '#src/domain/dashboard/cards.ts';
import { type CardMove, moveCard } from '../utils/placement.ts';
import type { DashboardActions } from './useDashboardActions.ts';
import type { DashboardCard } from './useDashboardPage.ts';

/** How long after the last drag, resize or keyboard move the new placements are saved. */
export const PLACEMENT_SAVE_DELAY_MS = 500;

/**
 * The cards' placements as the user arranges them: a drag, a resize or a keyboard move shows at
 * once, and the cards that moved are saved (record.save of each card's `card_layout`) shortly
 * after the last one, so a series of moves is one save.
 */
export function useCardPlacement(cards: readonly DashboardCard[], place: DashboardActions['placeCards']) {
  const [moved, setMoved] = useState<ReadonlyMap<string, CardPlacement>>(() => new Map());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef(new Map<string, CardPlacement>());

  const placed = useMemo(
    () => cards.map((card) => ({ ...card, placement: moved.get(card.id) ?? card.placement })),
    [cards, moved],
  );

  // The latest save, so a new one each render neither resets the delay nor saves early.
  const save = useRef(place);
  save.current = place;
  const flush = useCallback(() => {
    const batch = [...pending.current].map(([id, card_layout]) => ({ id, card_layout }));
    pending.current.clear();
    if (batch.length) void save.current(batch);
  }, []);

  // A placement shown ahead of its row is dropped once the row holds it (or another device's).
  useEffect(() => {
    setMoved((before) => {
      if (!before.size) return before;
      const stored = new Map(cards.map((c) => [c.id, JSON.stringify(c.placement)]));
      const next = new Map(
        [...before].filter(
          ([id, placement]) => pending.current.has(id) || stored.get(id) !== JSON.stringify(placement),
        ),
      );
      return next.size === before.size ? before : next;
    });
  }, [cards]);

  // Saves what is left when the screen closes.
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      flush();
    },
    [flush],
  );

  const apply = useCallback(
    (changes: readonly { id: string; placement: CardPlacement }[]) => {
      if (!changes.length) return;
      setMoved((before) => {
        const next = new Map(before);
        for (const { id, placement } of changes) next.set(id, placement);
        return next;
      });
      for (const { id, placement } of changes) pending.current.set(id, placement);
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, PLACEMENT_SAVE_DELAY_MS);
    },
    [flush],
  );

  /** The grid's placements after a drag or a resize ends: the cards whose placement differs. */
  const arranged = useCallback(
    (layout: readonly { i: string; x: number; y: number; w: number; h: number }[]) => {
      const byId = new Map(placed.map((c) => [c.id, c.placement]));
      apply(
        layout
          .map(({ i, x, y, w, h }) => ({ id: i, placement: { x, y, w, h } }))
          .filter(({ id, placement }) => {
            const before = byId.get(id);
            return before && JSON.stringify(before) !== JSON.stringify(placement);
          }),
      );
    },
    [placed, apply],
  );

  const keyboardMove = useCallback(
    (id: string, move: CardMove) =>
      apply(
        moveCard(
          placed.map((c) => ({ id: c.id, placement: c.placement })),
          id,
          move,
        ),
      ),
    [placed, apply],
  );

  return { placed, arranged, keyboardMove };
}
