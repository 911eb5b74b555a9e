import i18n from 'i18next';
import { localeOf } from '../domain/format.ts';
import { isLanguage, type Language } from '../domain/language.ts';

/**
 * The language the interface is shown in now: dates, times and numbers are written through
 * `src/domain/format.ts` in it (`formatDate(value, shownLanguage())`).
 */
export function shownLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

/**
 * The Intl locale of the language shown, for what takes a locale (a collator, a chart): US English
 * or US Spanish (decimal point, month names in Spanish), as the app serves the US.
 */
export function intlLocale(): string {
  return localeOf(shownLanguage());
}
