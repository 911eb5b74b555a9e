import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { type CalendarMode, stepDay } from '#src/domain/appointmentCalendar.ts';
import { dayKeyOfDate } from '#src/domain/tables/calendar.ts';

export interface CalendarFilters {
  rep: string | null;
  team: string | null;
  type: string | null;
}

/** Which view, around which day, with which filters; a phone starts on the day view, wider screens on the week. */
export function useCalendarState() {
  const phone = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });
  const [chosenMode, setMode] = useState<CalendarMode | undefined>();
  const mode: CalendarMode = chosenMode ?? (phone ? 'day' : 'week');
  const [day, setDay] = useState(() => dayKeyOfDate(new Date()));
  const [filters, setFilters] = useState<CalendarFilters>({ rep: null, team: null, type: null });
  return {
    mode,
    setMode,
    day,
    setDay,
    filters,
    setFilters,
    previous: () => setDay((d) => stepDay(mode, d, -1)),
    next: () => setDay((d) => stepDay(mode, d, 1)),
    today: () => setDay(dayKeyOfDate(new Date())),
  };
}

export type CalendarState = ReturnType<typeof useCalendarState>;
