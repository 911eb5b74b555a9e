import { useCallback, useState, useSyncExternalStore } from 'react';
import { useLeadReader } from '#src/device/hooks/useLeads.ts';
import { latestOnly } from '../utils/latestOnly.ts';
import { type OpenLead, type OpenLeadStore, openLeadStore } from '../utils/openLeadStore.ts';

/**
 * The lead whose panel is open on the map. Opening one reads it from the device first, so its
 * panel is drawn once, complete, rather than empty and then again; of quick taps on several pins,
 * the last one wins. The open lead lives in a store only its panel follows (`useOpenLeadOf`), so
 * a tap on a pin draws the panel, not the whole map page.
 */
export function useOpenLead() {
  const readLead = useLeadReader();
  const [store] = useState(openLeadStore);
  const [requests] = useState(latestOnly);
  const openLead = useCallback(
    (id: string | undefined) => {
      if (!id) {
        requests.cancel();
        store.set(undefined);
        return;
      }
      const current = requests.next();
      readLead(id).then(
        (row) => {
          if (current()) store.set({ id, row });
        },
        // The panel reads it again itself.
        () => {
          if (current()) store.set({ id, row: undefined });
        },
      );
    },
    [readLead, requests, store],
  );
  return { openLeadStore: store, openLead };
}

/** The lead open now (undefined when none), for the one component that shows it. */
export function useOpenLeadOf(store: OpenLeadStore): OpenLead | undefined {
  return useSyncExternalStore(store.subscribe, store.get);
}
