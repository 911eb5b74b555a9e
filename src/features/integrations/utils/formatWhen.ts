import { formatDateTime } from '#src/domain/format.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';

/** A date and time in the interface's language, or an empty string. */
export function formatWhen(iso: string | null | undefined): string {
  if (!iso) return '';
  return formatDateTime(iso, shownLanguage());
}
