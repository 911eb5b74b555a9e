import { localeOf } from '#src/domain/format.ts';
import { isLanguage, type Language } from '#src/domain/language.ts';

/** The four developer pages (SPEC section 2's /beta, /test, /dexie, /test_acl) and what each shows. */
export const DIAGNOSTICS_PAGES = [
  { path: '/dexie', key: 'dexie' },
  { path: '/test', key: 'test' },
  { path: '/beta', key: 'beta' },
  { path: '/test_acl', key: 'test_acl' },
] as const;

export type DiagnosticsView = (typeof DIAGNOSTICS_PAGES)[number]['key'];

export const languageOf = (tag: string): Language => (isLanguage(tag) ? tag : 'en');

/** A stored ISO time as date and time of day in the language shown ('—' when it is not one). */
export function dateTimeOf(iso: string, language: Language): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '—';
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short' }).format(
    time,
  );
}
