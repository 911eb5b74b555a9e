import { useLiveQuery } from 'dexie-react-hooks';
import { stageMovesSince } from '#src/db/queries/stageMoves.ts';
import type { StageMove } from '#src/domain/monthlySales.ts';
import { useDevice } from '../DeviceProvider.tsx';

/** Contacts' moves between deal stages since `since` (undefined while reading). */
export function useStageMovesSince(since: Date): StageMove[] | undefined {
  const { db } = useDevice();
  const at = since.getTime();
  return useLiveQuery(() => stageMovesSince(db, new Date(at)), [db, at]);
}
