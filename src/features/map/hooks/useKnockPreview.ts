import { useCallback } from 'react';
import type { PinMap } from './usePinMap.ts';

/** Takes a shown preview back (its write failed). */
export type EndPreview = () => Promise<void>;

/**
 * A knock's pin in its new colour at once, while the status change is still being saved on the
 * device (the pin worker's preview, redrawn now); answers how to take it back should the write
 * fail. The write's own pin change takes over when the map reads it.
 */
export function useKnockPreview({ service, redraw }: Pick<PinMap, 'service' | 'redraw'>) {
  return useCallback(
    async (leadId: string, status: string): Promise<EndPreview> => {
      if (!service || !(await service.previewStatus(leadId, status))) return async () => undefined;
      void redraw();
      return async () => {
        if (await service.endPreview([leadId])) await redraw();
      };
    },
    [service, redraw],
  );
}
