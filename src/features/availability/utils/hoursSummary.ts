/**
 * A person's working week in a few words for lists: the weekdays they work, each with its hours
 * ('Mon 09:00–12:00, 13:00–17:00 · Tue …'), weekday names in the language shown.
 */
import { type Availability, WEEKDAYS } from '#src/domain/availability.ts';
import { dateFormat } from '#src/domain/format.ts';
import type { Language } from '#src/domain/language.ts';

/** A Monday (23 November 2026, noon UTC): the weekdays' short names are read from its week. */
const MONDAY = Date.UTC(2026, 10, 23, 12);

/** The working weekdays with their hours, or '' when the person has none. */
export function hoursSummary(availability: Pick<Availability, 'weekly_hours'>, language: Language): string {
  const short = dateFormat(language, { weekday: 'short', timeZone: 'UTC' });
  return WEEKDAYS.flatMap((day, i) => {
    const ranges = availability.weekly_hours[day] ?? [];
    if (!ranges.length) return [];
    const name = short.format(MONDAY + i * 24 * 60 * 60 * 1000);
    return [`${name} ${ranges.map((r) => `${r.start}–${r.end}`).join(', ')}`];
  }).join(' · ');
}
