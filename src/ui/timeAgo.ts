import i18n from 'i18next';

/** 'just now' under 60 s (SPEC section 9), then minutes, hours, days — in the language shown. */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 60) return i18n.t('time.justNow');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return i18n.t('time.minutesAgo', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return i18n.t('time.hoursAgo', { count: hours });
  return i18n.t('time.daysAgo', { count: Math.floor(hours / 24) });
}
