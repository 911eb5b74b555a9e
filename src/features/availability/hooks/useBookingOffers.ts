import { useMemo, useState } from 'react';
import { useBookingFacts } from '#src/device/hooks/useAvailability.ts';
import {
  type BookingProblem,
  bookingProblem,
  type DistributionRule,
  freeSlots,
  type Offer,
  offersOf,
} from '#src/domain/distribution.ts';

const HOUR = 60 * 60 * 1000;

/** The appointment as the form holds it: its rep and times (ms), and its own id when it is edited. */
export interface ChosenBooking {
  userId: string | null;
  start: number | null;
  end: number | null;
  appointmentId?: string | undefined;
}

export interface BookingOffers {
  /** Undefined while the device reads. */
  offers: Offer[] | undefined;
  rule: DistributionRule | undefined;
  ruleName: string;
  /** Whether the rep chosen (without a rule) has set working hours. */
  repHasHours: boolean;
  /** Why the appointment as chosen does not fit its rep's availability, or null. */
  problem: BookingProblem | null;
}

/**
 * The slots a lead's rule offers on `day` (src/domain/distribution.ts), from the device's rows, or
 * without a rule the chosen rep's free slots; and whether the appointment as chosen fits its rep.
 */
export function useBookingOffers(leadId: string | null, day: string, chosen: ChosenBooking): BookingOffers {
  const [now] = useState(() => Date.now());
  const facts = useBookingFacts(leadId, now);
  const { userId, start, end, appointmentId } = chosen;
  return useMemo(() => {
    if (!facts)
      return { offers: undefined, rule: undefined, ruleName: '', repHasHours: false, problem: null };
    const others = facts.bookings.filter((b) => b._id !== appointmentId);
    const rep = userId ? facts.everyone.get(userId) : undefined;
    let offers: Offer[];
    if (facts.rule) {
      offers = offersOf(facts.rule, facts.closers, { day, now, bookings: others, target: facts.target });
    } else {
      const slots = rep ? freeSlots(rep, day, others, { now, cap: null }) : [];
      offers = slots.map((s) => ({ start: s.start, choices: [{ user_id: rep?.user_id ?? '', end: s.end }] }));
    }
    // An appointment without an end lasts an hour, as the calendar counts it.
    const until = end !== null && start !== null && end > start ? end : start === null ? null : start + HOUR;
    const problem =
      rep && start !== null && until !== null
        ? bookingProblem(rep, { start, end: until }, others, facts.rule?.daily_cap ?? null)
        : null;
    return { offers, rule: facts.rule, ruleName: facts.ruleName, repHasHours: !!rep, problem };
  }, [facts, day, now, userId, start, end, appointmentId]);
}
