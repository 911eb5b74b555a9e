/**
 * Which language the interface speaks: the person's choice on this device, else the browser's
 * (any `es*` means Spanish), else English. English shared words ship with the app; other catalogues
 * are fetched on first use so English users never download them.
 */
import { isLanguage, type Language } from '../domain/language.ts';
import i18n from './i18n.ts';
import { initialLanguage, LANGUAGE_STORAGE_KEY } from './languageChoice.ts';
import { isNamespace, loadCatalogue } from './locales/catalogues.ts';

export { browserLanguage, LANGUAGES, type Language } from '../domain/language.ts';

/**
 * Loads the language's words of every namespace in use (the shared ones and those of the features
 * shown so far), switches to it and tells the page (`<html lang>`). Throws, leaving the language
 * as it was, when a catalogue cannot be loaded.
 */
export async function applyLanguage(language: Language): Promise<void> {
  const inUse = [i18n.options.ns ?? []].flat().filter(isNamespace);
  const missing = inUse.filter((namespace) => !i18n.hasResourceBundle(language, namespace));
  const loaded = await Promise.all(missing.map((namespace) => loadCatalogue(language, namespace)));
  missing.forEach((namespace, i) => {
    i18n.addResourceBundle(language, namespace, loaded[i]);
  });
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
