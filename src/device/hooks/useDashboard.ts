import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { listLayouts, readLayoutCards } from '../../db/queries/dashboard.ts';
import type { CardRow, LayoutRow } from '../../db/rows.ts';
import {
  addCard,
  addLayout,
  type CardFields,
  deleteLayout,
  editCard,
  placeCards,
  removeCard,
  renameLayout,
  setLayoutGlobal,
} from '../../sync/commands/index.ts';
import { useDevice } from '../DeviceProvider.tsx';

export type { CardFields } from '../../sync/commands/index.ts';

/** The layouts this user may open (undefined until read). */
export function useLayouts(userId: string): LayoutRow[] | undefined {
  const { db } = useDevice();
  return useLiveQuery(() => listLayouts(db, userId), [db, userId]);
}

/** A layout's cards in its order, read six at a time (undefined until read). */
export function useLayoutCards(ids: readonly string[] | undefined): CardRow[] | undefined {
  const { db } = useDevice();
  const key = ids?.join(',');
  return useLiveQuery(() => (ids ? readLayoutCards(db, ids) : undefined), [db, key]);
}

/** The dashboard's write commands bound to this device's database. */
export function useDashboardCommands() {
  const { db } = useDevice();
  return useMemo(
    () => ({
      addLayout: (userId: string, name: string) => addLayout(db, userId, name),
      renameLayout: (id: string, name: string) => renameLayout(db, id, name),
      setLayoutGlobal: (id: string, global: boolean) => setLayoutGlobal(db, id, global),
      deleteLayout: (id: string) => deleteLayout(db, id),
      addCard: (userId: string, layoutId: string, fields: CardFields) =>
        addCard(db, userId, layoutId, fields),
      editCard: (id: string, fields: Partial<CardFields>) => editCard(db, id, fields),
      removeCard: (layoutId: string, cardId: string) => removeCard(db, layoutId, cardId),
      placeCards: (placements: Parameters<typeof placeCards>[1]) => placeCards(db, placements),
    }),
    [db],
  );
}
