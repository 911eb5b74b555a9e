import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showToast } from '../ui/toasts.tsx';
import { chooseLanguage, currentLanguage, LANGUAGES, type Language } from './language.ts';

/** Switches the interface's language; the choice is remembered on this device. */
export function LanguageControl() {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('nav.language')}
      value={currentLanguage()}
      onChange={(value) =>
        // A catalogue that cannot be fetched (offline before it was ever cached) leaves the
        // interface as it is and says why.
        chooseLanguage(value as Language).catch((err: unknown) =>
          showToast({
            color: 'red',
            title: t('common.error'),
            message: err instanceof Error ? err.message : String(err),
          }),
        )
      }
      data={LANGUAGES.map((language) => ({
        value: language,
        // Each name is in its own language; screen readers pronounce it so.
        label: <span lang={language}>{t(`languageNames.${language}`)}</span>,
      }))}
    />
  );
}
