/**
 * A leg's length as a rep in the US reads it: miles (one decimal under ten), feet under a tenth of
 * a mile, in the language shown.
 */
import { formatNumber } from '#src/domain/format.ts';
import type { Language } from '#src/domain/language.ts';

const METERS_PER_MILE = 1609.344;
const METERS_PER_FOOT = 0.3048;

export function formatDistance(meters: number, language: Language): string {
  const miles = Math.max(0, meters) / METERS_PER_MILE;
  if (miles < 0.1) {
    const feet = Math.round(Math.max(0, meters) / METERS_PER_FOOT / 10) * 10;
    return formatNumber(feet, language, { style: 'unit', unit: 'foot', maximumFractionDigits: 0 });
  }
  return formatNumber(miles, language, {
    style: 'unit',
    unit: 'mile',
    maximumFractionDigits: miles < 10 ? 1 : 0,
  });
}
