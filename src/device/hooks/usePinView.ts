import { useMemo } from 'react';
import { currentPinView, type PinViewEntry, savePinView } from '#src/db/queries/pinView.ts';
import { useDevice } from '../DeviceProvider.tsx';

/** A pin's row and where a lead sits on the map (its pin position, or none). */
export { type PinRow, positionOf } from '#src/db/pinIndex.ts';
/** The shapes this hook answers with, for the screens that show them. */
export type { PinViewEntry } from '#src/db/queries/pinView.ts';

/**
 * The lead map's last drawn view, kept on the device (not synced): `read` answers it only while
 * the pin index has not changed since it was drawn.
 */
export function usePinViewStore(): {
  read(): Promise<PinViewEntry | undefined>;
  save(view: PinViewEntry): Promise<void>;
} {
  const { db } = useDevice();
  return useMemo(() => ({ read: () => currentPinView(db), save: (view) => savePinView(db, view) }), [db]);
}
