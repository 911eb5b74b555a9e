import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useRef } from 'react';
import { watchPinChanges } from '#src/db/pinIndex.ts';
import { countLeads, findLeads, getLead, getLeads } from '#src/db/queries/leads.ts';
import type { LeadRow } from '#src/db/rows.ts';
import { useDevice } from '../DeviceProvider.tsx';

/** One lead: undefined while reading, null when it is not on the device (or no id). */
export function useLead(id: string | undefined): LeadRow | null | undefined {
  const { db } = useDevice();
  return useLiveQuery(async () => (id ? ((await getLead(db, id)) ?? null) : null), [db, id]);
}

/**
 * Reads one lead once (not kept current): null when it is not on the device. For a screen that
 * opens a lead already drawn with it rather than empty first (the map's lead panel).
 */
export function useLeadReader(): (id: string) => Promise<LeadRow | null> {
  const { db } = useDevice();
  return useCallback(async (id: string) => (await getLead(db, id)) ?? null, [db]);
}

/** These leads, kept current (undefined while reading; a lead not on the device is undefined in the list). */
export function useLeadsById(ids: readonly string[]): (LeadRow | undefined)[] | undefined {
  const { db } = useDevice();
  return useLiveQuery(() => getLeads(db, ids), [db, ids]);
}

/**
 * The first `limit` leads that match (stops reading once it has them), and how many leads the
 * device holds. `matches` should be stable (memoised) or the read repeats on every render.
 */
export function useLeadSearch(
  matches: (row: LeadRow) => boolean,
  limit: number,
  deps: readonly unknown[],
): { rows: LeadRow[]; total: number } | undefined {
  const { db } = useDevice();
  return useLiveQuery(
    async () => ({ rows: await findLeads(db, matches, limit), total: await countLeads(db) }),
    [db, limit, ...deps],
  );
}

/**
 * Calls `onChange` (the one given last) as soon as a write that changed pins commits: a knock
 * here, a pull, another tab. Called from the commit itself, before any query runs again, so a map
 * recolours a knocked pin without waiting for the screen to draw again first.
 */
export function usePinChanges(onChange: () => void): void {
  const { db } = useDevice();
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => watchPinChanges(db.name, () => latest.current()), [db]);
}

/** The device database's name, for the workers that open it themselves (pins, import). */
export function useDatabaseName(): string {
  return useDevice().db.name;
}
