import { useLiveQuery } from 'dexie-react-hooks';
import { listLayouts, readLayoutCards } from '#src/db/queries/dashboard.ts';
import type { CardRow, LayoutRow } from '#src/db/rows.ts';
import { useDevice } from '../DeviceProvider.tsx';

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
