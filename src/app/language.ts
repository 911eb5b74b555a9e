/**
 * Which language the interface speaks: the person's choice on this device, else the browser's
 * (any `es*` means Spanish), else English. English ships with the app; other catalogues are
 * fetched on first use so English users never download them.
 */
import { browserLanguage, isLanguage, type Language } from '../domain/language.ts';
import i18n from './i18n.ts';

export { browserLanguage, LANGUAGES, type Language } from '../domain/language.ts';

/** Kept beside the colour mode; outlives sign-out, as it belongs to the device, not the account. */
export const LANGUAGE_STORAGE_KEY = 'hs-language';

type Catalogue = Record<string, unknown>;
const LOADERS: Record<Exclude<Language, 'en'>, () => Promise<Catalogue>> = {
  es: () => import('./locales/es.ts').then((m) => m.es),
};

/** The language chosen on this device, if any (storage may be unavailable, e.g. blocked). */
export function storedLanguage(): Language | undefined {
  try {
    const value = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The language to start in. */
export function initialLanguage(): Language {
  const nav = globalThis.navigator;
  const preferred = nav?.languages?.length ? nav.languages : nav?.language ? [nav.language] : [];
  return storedLanguage() ?? browserLanguage(preferred);
}

/** Loads the language's catalogue if needed, switches to it and tells the page (`<html lang>`). */
export async function applyLanguage(language: Language): Promise<void> {
  if (language !== 'en' && !i18n.hasResourceBundle(language, 'translation')) {
    i18n.addResourceBundle(language, 'translation', await LOADERS[language]());
  }
  await i18n.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** The person's choice: applied, then remembered on this device. */
export async function chooseLanguage(language: Language): Promise<void> {
  await applyLanguage(language);
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage refused (private mode, full): the choice holds until the page is reloaded.
  }
}

/**
 * Starts in the initial language before the first render, so a Spanish user sees no English
 * flash; if the catalogue cannot be loaded the app starts in English rather than not at all.
 */
export async function startLanguage(): Promise<void> {
  try {
    await applyLanguage(initialLanguage());
  } catch (err) {
    console.error('The language catalogue could not be loaded; starting in English.', err);
    await applyLanguage('en');
  }
}

/** The language shown now, as one the app speaks. */
export function currentLanguage(): Language {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lng) ? lng : 'en';
}
