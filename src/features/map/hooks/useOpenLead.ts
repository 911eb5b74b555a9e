import { useCallback, useState } from 'react';
import type { LeadRow } from '#src/db/rows.ts';
import { useLeadReader } from '#src/device/hooks/useLeads.ts';
import { latestOnly } from '../utils/latestOnly.ts';

/**
 * The lead whose panel is open on the map. Opening one reads it from the device first, so its
 * panel is drawn once, complete, rather than empty and then again (a tap on a pin is one render
 * of the page, not two); of quick taps on several pins, the last one wins.
 */
export function useOpenLead() {
  const readLead = useLeadReader();
  const [open, setOpen] = useState<{ id: string; row: LeadRow | null | undefined }>();
  const [requests] = useState(latestOnly);
  const openLead = useCallback(
    (id: string | undefined) => {
      if (!id) {
        requests.cancel();
        setOpen(undefined);
        return;
      }
      const current = requests.next();
      readLead(id).then(
        (row) => {
          if (current()) setOpen({ id, row });
        },
        // The panel reads it again itself.
        () => {
          if (current()) setOpen({ id, row: undefined });
        },
      );
    },
    [readLead, requests],
  );
  return { selected: open?.id, selectedRow: open?.row, openLead };
}
