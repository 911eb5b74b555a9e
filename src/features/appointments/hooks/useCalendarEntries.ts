import { useMemo } from 'react';
import type { CalendarEntry } from '#src/device/hooks/useAppointments.ts';
import { useAppointmentsBetween } from '#src/device/hooks/useAppointments.ts';
import { useAllTeamMembers } from '#src/device/hooks/useTeams.ts';
import {
  type CalendarMode,
  dayKeyOf,
  doubleBookings,
  visibleDays,
  visibleRange,
} from '#src/domain/appointmentCalendar.ts';
import type { CalendarFilters } from './useCalendarState.ts';

/**
 * The appointments of the view: its days, the filtered entries by day, and which are double booked
 * (judged on everything the device holds in the range, so a filter never hides why one is flagged).
 */
export function useCalendarEntries(mode: CalendarMode, day: string, filters: CalendarFilters) {
  const range = useMemo(() => visibleRange(mode, day), [mode, day]);
  const days = useMemo(() => visibleDays(mode, day), [mode, day]);
  const entries = useAppointmentsBetween(range.from, range.to);
  const members = useAllTeamMembers();
  return useMemo(() => {
    const all = entries ?? [];
    const flagged = doubleBookings(all.map((e) => e.appointment));
    const teamUsers = filters.team
      ? new Set(
          members.filter((m) => m.team_id === filters.team && !m.deleted_at).map((m) => String(m.user_id)),
        )
      : undefined;
    const shown = all.filter(
      ({ appointment: a }) =>
        (!filters.rep || a.user_id === filters.rep) &&
        (!teamUsers || teamUsers.has(String(a.user_id ?? ''))) &&
        (!filters.type || a.appointment_type === filters.type),
    );
    const byDay = new Map<string, CalendarEntry[]>();
    for (const entry of shown) {
      const key = dayKeyOf(entry.appointment.start_time);
      if (!key) continue;
      byDay.set(key, [...(byDay.get(key) ?? []), entry]);
    }
    const flaggedShown = shown.filter((e) => flagged.has(e.appointment._id)).length;
    return { loading: !entries, range, days, byDay, flagged, flaggedShown, total: shown.length };
  }, [entries, members, filters, range, days]);
}
