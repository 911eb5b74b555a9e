/**
 * The language chosen on this device (language.ts switches the interface to it). Apart from
 * language.ts so the entry can read it without the translation library.
 */
import { browserLanguage, isLanguage, type Language } from '../domain/language.ts';

/** Kept beside the colour mode; outlives sign-out, as it belongs to the device, not the account. */
export const LANGUAGE_STORAGE_KEY = 'hs-language';

/** The language chosen on this device, if any (storage may be unavailable, e.g. blocked). */
function storedLanguage(): Language | undefined {
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
