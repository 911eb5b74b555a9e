/**
 * The app's number and size formatters (SPEC section 9): compact numbers with 1 decimal, plain
 * numbers with thousands separators and 2 decimals, file sizes in bytes, KB and MB. Pure: each
 * takes the language shown, so the device and the server (exports, emails) write the same text.
 */
import type { Language } from './language.ts';

/** The Intl locale of a language: Spanish as written in the US (decimal point), as the app serves the US. */
export function localeOf(language: Language): string {
  return language === 'es' ? 'es-US' : 'en-US';
}

const finite = (value: number) => (Number.isFinite(value) ? value : 0);

/** 1.2K, 3.4M, 950 — compact notation with at most 1 decimal. */
export function formatCompact(value: number, language: Language): string {
  return new Intl.NumberFormat(localeOf(language), {
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(finite(value));
}

/** 12,345.60 — thousands separators and exactly 2 decimals. */
export function formatDecimal(value: number, language: Language): string {
  return new Intl.NumberFormat(localeOf(language), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(finite(value));
}

const KB = 1024;
const MB = 1024 * 1024;

/** 512 bytes, 2 KB, 2.5 MB — a file size in bytes, KB or MB (binary steps, as file pickers show). */
export function formatFileSize(bytes: number, language: Language): string {
  const size = Math.max(0, finite(bytes));
  const locale = localeOf(language);
  if (size >= MB)
    return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(size / MB)} MB`;
  if (size >= KB)
    return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(size / KB)} KB`;
  const count = new Intl.NumberFormat(locale).format(size);
  // 'byte' / 'bytes' is written the same in English and Spanish.
  return `${count} ${size === 1 ? 'byte' : 'bytes'}`;
}

/*
 * Dates, times, plain numbers and money as the interface shows them, in the language shown: every
 * screen writes them through these, never through `toLocaleString()` without a locale.
 */

/** Something a date can be read from: a Date, epoch milliseconds or an ISO string. */
export type DateValue = Date | number | string;

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** One Intl.DateTimeFormat per language and options, kept (lists format many rows). */
export function dateFormat(language: Language, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(localeOf(language), options);
    dateFormats.set(key, format);
  }
  return format;
}

/** One Intl.NumberFormat per language and options, kept. */
export function numberFormat(language: Language, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(localeOf(language), options);
    numberFormats.set(key, format);
  }
  return format;
}

function timeOf(value: DateValue): number {
  return value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
}

/** 24 nov 2026 / Nov 24, 2026 — a date (or any date parts asked for); empty when it is not one. */
export function formatDate(
  value: DateValue | null | undefined,
  language: Language,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  if (value === null || value === undefined || value === '') return '';
  const time = timeOf(value);
  return Number.isNaN(time) ? '' : dateFormat(language, options).format(time);
}

/** Nov 24, 2026, 3:05 PM — a date with its time of day. */
export function formatDateTime(
  value: DateValue | null | undefined,
  language: Language,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' },
): string {
  return formatDate(value, language, options);
}

/**
 * Makes this language's date, number, collation and plural formats once. In Chromium the first
 * `Intl.DateTimeFormat` of a renderer process loads the locale's date patterns (120–140 ms of a
 * main thread at 4× CPU throttling; 3–5 ms once loaded), and V8 keeps them for the whole process,
 * its workers included: a worker calling this as a signed-in visit opens (src/app/intlWarmup.ts)
 * takes that load off the first screen's main thread.
 */
export function warmFormats(language: Language): void {
  const at = Date.UTC(2026, 0, 1, 15, 5);
  formatDateTime(at, language);
  numberFormat(language).format(1234.5);
  numberFormat(language, { style: 'currency', currency: 'USD' }).format(1234.5);
  new Intl.Collator(localeOf(language)).compare('a', 'b');
  new Intl.PluralRules(localeOf(language)).select(1);
}

/** 3:05 PM / 3:05 p. m. — a time of day. */
export function formatTime(
  value: DateValue | null | undefined,
  language: Language,
  options: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' },
): string {
  return formatDate(value, language, options);
}

/** 12,345 — a number with the language's separators (options for percent, units, digits). */
export function formatNumber(
  value: number,
  language: Language,
  options: Intl.NumberFormatOptions = {},
): string {
  return numberFormat(language, options).format(finite(value));
}

/** $1,234.50 — an amount of money, US dollars unless said. */
export function formatCurrency(value: number, language: Language, currency = 'USD'): string {
  return numberFormat(language, { style: 'currency', currency }).format(finite(value));
}
