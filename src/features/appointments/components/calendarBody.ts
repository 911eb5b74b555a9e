import type { CalendarEntry } from '#src/device/hooks/useAppointments.ts';

/** What the day, week and month bodies are given. */
export interface CalendarBodyProps {
  days: string[];
  byDay: Map<string, CalendarEntry[]>;
  flagged: Set<string>;
  canMove(entry: CalendarEntry): boolean;
  onOpen(entry: CalendarEntry): void;
  /** Absent when the user may not add appointments. */
  onNew: ((day: string, hour?: number) => void) | undefined;
}
