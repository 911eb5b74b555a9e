import i18n from 'i18next';

/**
 * The locale dates, numbers and sizes are written in. English keeps the browser's own conventions;
 * Spanish uses US Spanish ones (decimal point, month names in Spanish), as the app serves the US.
 */
export function intlLocale(): string | undefined {
  return i18n.language === 'es' ? 'es-US' : undefined;
}
