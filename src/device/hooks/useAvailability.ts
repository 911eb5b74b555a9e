import { useLiveQuery } from 'dexie-react-hooks';
import {
  allAvailability,
  availabilityRow,
  type BookingFacts,
  bookingFacts,
  distributionRules,
} from '#src/db/queries/availability.ts';
import type { AvailabilityRow } from '#src/db/rows.ts';
import type { Availability } from '#src/domain/availability.ts';
import type { DistributionRule } from '#src/domain/distribution.ts';
import { useDevice } from '../DeviceProvider.tsx';

export type { BookingFacts } from '#src/db/queries/availability.ts';

/** A person's availability on the device: `row` undefined when they have set none; `loaded` once read. */
export function useAvailability(userId: string | undefined): {
  loaded: boolean;
  row: AvailabilityRow | undefined;
} {
  const { db } = useDevice();
  const read = useLiveQuery(
    async () => ({ row: userId ? await availabilityRow(db, userId) : undefined }),
    [db, userId],
  );
  return { loaded: read !== undefined, row: read?.row };
}

/** Everyone's availability on the device, by person (undefined while reading). */
export function useAllAvailability(): Map<string, Availability> | undefined {
  const { db } = useDevice();
  return useLiveQuery(() => allAvailability(db), [db]);
}

/** The teams' and regions' distribution rules on the device (undefined while reading). */
export function useDistributionRules(): DistributionRule[] | undefined {
  const { db } = useDevice();
  return useLiveQuery(() => distributionRules(db), [db]);
}

/**
 * What booking an appointment for a lead reads to offer its rule's slots (undefined while reading),
 * live as appointments and availability change. `minute` is the time the facts are read for.
 */
export function useBookingFacts(leadId: string | null, minute: number): BookingFacts | undefined {
  const { db } = useDevice();
  return useLiveQuery(() => bookingFacts(db, leadId, new Date(minute)), [db, leadId, minute]);
}
