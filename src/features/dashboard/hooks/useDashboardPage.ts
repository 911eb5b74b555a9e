import { useMemo, useState } from 'react';
import type { LayoutRow } from '#src/db/rows.ts';
import { useActor } from '#src/device/hooks/useActor.ts';
import { useLayoutCards, useLayouts } from '#src/device/hooks/useDashboard.ts';
import type { CardConfig, CardPlacement, CardType } from '#src/domain/dashboard/cards.ts';
import { can } from '#src/domain/permissions.ts';
import { recordDenial } from '#src/domain/recordRules.ts';
import { readPlacement } from '../utils/placement.ts';

/** The seeded layout everyone opens first (SPEC section 9). */
export const DEFAULT_LAYOUT_NAME = 'Default Layout';

/** A card as the screen shows it: its stored fields read safely. */
export interface DashboardCard {
  id: string;
  title: string;
  type: CardType;
  config: CardConfig;
  placement: CardPlacement;
  updated_at?: string | null;
}

/** Whether the user's layouts pick this one first: the global 'Default Layout', else any global one. */
function defaultLayout(layouts: readonly LayoutRow[]): LayoutRow | undefined {
  return (
    layouts.find((l) => l.is_global && l.name === DEFAULT_LAYOUT_NAME) ??
    layouts.find((l) => l.is_global) ??
    layouts[0]
  );
}

/**
 * The dashboard screen's state: the layouts the user may open, the one shown (chosen, else the
 * global 'Default Layout'), its cards, and what the user may do with it.
 */
export function useDashboardPage() {
  const actor = useActor();
  const layouts = useLayouts(actor.user_id);
  const [chosenId, choose] = useState<string | undefined>(undefined);
  const layout = layouts?.find((l) => l._id === chosenId) ?? (layouts ? defaultLayout(layouts) : undefined);
  const rows = useLayoutCards(layout ? (layout.cards ?? []) : undefined);
  const cards = useMemo<DashboardCard[] | undefined>(
    () =>
      rows?.map((row, index) => ({
        id: row._id,
        title: row.title ?? '',
        type: (row.type ?? 'number') as CardType,
        config: row.config as CardConfig,
        placement: readPlacement(row.card_layout, index),
        updated_at: row.updated_at,
      })),
    [rows],
  );
  const facts = layout && { owner_id: layout.owner_id ?? null, is_global: layout.is_global ?? false };
  return {
    actor,
    layouts,
    layout,
    cards,
    choose,
    /** May add, move, edit and remove this layout's cards, rename or delete it. */
    canEdit: !!facts && recordDenial(actor, 'layouts', 'edit', facts) === undefined,
    /** May set a layout global or take it back. */
    canSetGlobal: can(actor, 'views.global'),
    canAddLayout: recordDenial(actor, 'layouts', 'create', undefined) === undefined,
  };
}
