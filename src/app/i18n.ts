/**
 * Every string a person reads goes through this catalogue (English is the source). Its words are in
 * namespaces (locales/catalogues.ts): `shared` is here from the start, a feature's are fetched the
 * first time a component asks for them (`useTranslation('regions')`), which suspends until they are
 * in, so no raw key is ever shown.
 */
import i18n from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { isLanguage } from '../domain/language.ts';
import { isNamespace, loadCatalogue } from './locales/catalogues.ts';
import { en } from './locales/en.ts';
import { reportMissingMessage } from './missingMessages.ts';

void i18n
  .use(initReactI18next)
  .use(
    resourcesToBackend((language: string, namespace: string) => {
      if (!isLanguage(language) || !isNamespace(namespace))
        return Promise.reject(new Error(`No catalogue ${namespace} in ${language}`));
      return loadCatalogue(language, namespace);
    }),
  )
  .init({
    resources: { en: { shared: en } },
    // The English shared words come with the app; every other namespace and language is fetched.
    partialBundledLanguages: true,
    ns: ['shared'],
    defaultNS: 'shared',
    fallbackNS: 'shared',
    lng: 'en',
    // Each catalogue has every key of the English one (the type check sees to it), so a language
    // needs no other to fall back on, and a Spanish screen fetches only the Spanish words.
    fallbackLng: false,
    interpolation: { escapeValue: false },
    // A key neither language has would show as the key itself: say so. Lookups that name a default
    // on purpose (a stage or column the org made up shows its own name) are not missing messages.
    saveMissing: true,
    missingKeyHandler: (languages, namespace, key, _fallback, _update, options) => {
      if (options?.defaultValue !== undefined) return;
      reportMissingMessage(namespace === 'shared' ? key : `${namespace}:${key}`, languages.join());
    },
  });

export default i18n;
