import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { orgPayPlan, statusEventsSince } from '#src/db/queries/pay.ts';
import { PAY_COLUMNS, type PayDeal, type PayPlan, payDealOf } from '#src/domain/pay.ts';
import { useDevice } from '../DeviceProvider.tsx';
import { useLiveRows } from './useTableRows.ts';

/** How far back status events are read: a cancellation must meet the signing it claws back. */
const EVENT_MONTHS = 24;

/** The org's pay plan as last pulled, or the standard one (undefined while reading). */
export function usePayPlan(): PayPlan | undefined {
  const { db } = useDevice();
  return useLiveQuery(() => orgPayPlan(db), [db]);
}

/**
 * Every contact on the device as the pay rules read it, with its status events, live (undefined
 * while reading). The device holds exactly the contacts the viewer may see: a rep's own, a
 * manager's teams'.
 */
export function usePayDeals(): PayDeal[] | undefined {
  const { db } = useDevice();
  const since = useMemo(() => {
    const now = new Date();
    return new Date(now.getFullYear(), now.getMonth() - EVENT_MONTHS, 1).getTime();
  }, []);
  const events = useLiveQuery(() => statusEventsSince(db, new Date(since)), [db, since]);
  return useLiveRows(
    'contacts',
    PAY_COLUMNS,
    async (read) =>
      events ? (await read()).map((row) => payDealOf(row, events.get(String(row._id)))) : undefined,
    [events],
  );
}
