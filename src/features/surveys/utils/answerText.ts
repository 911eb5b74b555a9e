/** How a survey's answers read on its page and in lists. */
import type { TFunction } from 'i18next';
import { formatDate, formatNumber } from '#src/domain/format.ts';
import { isAnswered, type Question } from '#src/domain/surveys/index.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';

/** An answer as text (photos are shown as links by the page). */
export function answerText(q: Question, value: unknown, t: TFunction<'surveys'>): string {
  if (!isAnswered(value)) return t('surveys.noAnswer');
  if (q.type === 'yes_no') return value ? t('surveys.yes') : t('surveys.no');
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (q.type === 'date' && typeof value === 'string') {
    const day = new Date(`${value}T12:00:00`);
    return formatDate(day, shownLanguage()) || value;
  }
  if (typeof value === 'number') return formatNumber(value, shownLanguage());
  return String(value);
}
