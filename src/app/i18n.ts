/** Every string a person reads goes through this catalogue (English is the source). */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './locales/en.ts';
import { reportMissingMessage } from './missingMessages.ts';

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  // A key neither language has would show as the key itself: say so. Lookups that name a default
  // on purpose (a stage or column the org made up shows its own name) are not missing messages.
  saveMissing: true,
  missingKeyHandler: (languages, _namespace, key, _fallback, _update, options) => {
    if (options?.defaultValue !== undefined) return;
    reportMissingMessage(key, languages.join());
  },
});

export default i18n;
