import { useMemo } from 'react';
import { currentPinView, type PinViewEntry, savePinView } from '../../db/queries/pinView.ts';
import { useDevice } from '../DeviceProvider.tsx';

export type { PinViewEntry } from '../../db/queries/pinView.ts';

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
