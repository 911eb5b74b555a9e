import { intlLocale } from '../../ui/intlLocale.ts';

/** A size as people read it: 512 B, 38 KB, 4.2 MB, 1.1 GB (decimal units, as storage settings show them). */
export function formatBytes(bytes: number, locale: string | undefined = intlLocale()): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = Math.max(0, Number.isFinite(bytes) ? bytes : 0);
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: value < 10 && unit > 0 ? 1 : 0,
  }).format(value);
}
