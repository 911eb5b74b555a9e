import { Alert, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BUILD_GEOCODER } from '#src/api/geocoding/buildGeocoder.ts';
import type { GeocoderKind } from '#src/domain/schemas/geocoder.ts';
import { useGeocoderAdmin } from '../hooks/useGeocoderAdmin.ts';
import { GEOCODER_KINDS, geocoderChoice, geocoderInWords } from '../utils/geocoderChoice.ts';
import { CurrentSetting } from './CurrentSetting.tsx';
import { SettingsSectionFrame } from './SettingsSectionFrame.tsx';
import { TitledSettingsForm } from './TitledSettingsForm.tsx';

/**
 * Settings → address search, for every member's map search and dropped pins: Photon's public
 * instance (the default), the org's own Photon or Nominatim instance, or off.
 */
export function GeocoderSection() {
  const { t } = useTranslation('admin');
  const admin = useGeocoderAdmin();
  const [kind, setKind] = useState<GeocoderKind>();
  const [typedUrl, setUrl] = useState<string>();
  const [error, setError] = useState<string>();
  const shownKind = kind ?? admin.current?.kind ?? 'public';
  // The org's own instance is offered as it is until another address is typed.
  const url = typedUrl ?? (admin.current && 'url' in admin.current ? admin.current.url : '');
  const choice = geocoderChoice(shownKind, url);
  const words = geocoderInWords(admin.current ?? null, BUILD_GEOCODER);

  async function save() {
    if (!choice) return;
    setError(undefined);
    setError(await admin.choose(choice));
  }

  return (
    <SettingsSectionFrame title={t('geocoder.title')}>
      <Text size="sm">{t('geocoder.intro')}</Text>
      <CurrentSetting
        label={t('geocoder.current')}
        loading={admin.loading}
        loadingLabel={t('geocoder.loading')}
      >
        {t(words.key, { url: words.url })}
      </CurrentSetting>
      {BUILD_GEOCODER.googleKey && (
        <Alert color="blue" title={t('geocoder.googleTitle')}>
          {t('geocoder.googleNote')}
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert" title={t('geocoder.notSaved')}>
          {error}
        </Alert>
      )}
      <TitledSettingsForm
        title={t('geocoder.chooseTitle')}
        submitLabel={t('geocoder.save')}
        canSubmit={!!choice}
        saving={admin.saving}
        onSubmit={() => void save()}
      >
        <Radio.Group
          label={t('geocoder.choice')}
          value={shownKind}
          onChange={(value) => setKind(value as GeocoderKind)}
        >
          <Stack gap="xs" mt="xs">
            {GEOCODER_KINDS.map((k) => (
              <Radio key={k} value={k} label={t(`geocoder.kind.${k}`)} />
            ))}
          </Stack>
        </Radio.Group>
        {(shownKind === 'photon' || shownKind === 'nominatim') && (
          <TextInput
            label={t(shownKind === 'photon' ? 'geocoder.photonUrl' : 'geocoder.nominatimUrl')}
            description={t('geocoder.urlHelp')}
            type="url"
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
          />
        )}
      </TitledSettingsForm>
      <Text size="xs" c="dimmed">
        {t('geocoder.terms')}
      </Text>
    </SettingsSectionFrame>
  );
}
