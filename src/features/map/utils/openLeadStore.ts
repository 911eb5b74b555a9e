import type { LeadRow } from '#src/db/rows.ts';

/** The lead open on the map: its id, and the row as read when it was opened. */
export interface OpenLead {
  id: string;
  row: LeadRow | null | undefined;
}

/**
 * Which lead's panel is open, held outside the map page's React state: opening one draws its
 * panel and nothing else (the map, its layers and its bars do not draw again for a tap).
 */
export interface OpenLeadStore {
  get(): OpenLead | undefined;
  set(open: OpenLead | undefined): void;
  subscribe(listener: () => void): () => void;
}

export function openLeadStore(): OpenLeadStore {
  let current: OpenLead | undefined;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(open) {
      if (open === current || (!open && !current)) return;
      current = open;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
