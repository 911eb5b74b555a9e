import { Alert, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapImagerySetting } from '#src/domain/schemas/mapImagery.ts';
import { useImageryAdmin } from '../hooks/useImageryAdmin.ts';
import { CurrentSetting } from './CurrentSetting.tsx';
import { SettingsSectionFrame } from './SettingsSectionFrame.tsx';
import { TitledSettingsForm } from './TitledSettingsForm.tsx';

type Kind = MapImagerySetting['kind'];

/**
 * Settings → aerial imagery, for every member's 'Satellite' map and lead roofs: the USGS public
 * imagery (the default), a raster tile service of the org's own with its credit, or off.
 */
export function ImagerySection() {
  const { t } = useTranslation('admin');
  const admin = useImageryAdmin();
  const current = admin.current;
  const [kind, setKind] = useState<Kind>();
  const [url, setUrl] = useState<string>();
  const [attribution, setAttribution] = useState<string>();
  const [error, setError] = useState<string>();
  const own = current?.kind === 'url' ? current : undefined;
  const shown = {
    kind: kind ?? current?.kind ?? 'public',
    url: url ?? own?.url ?? '',
    attribution: attribution ?? own?.attribution ?? '',
  };

  function choice(): MapImagerySetting {
    if (shown.kind !== 'url') return { kind: shown.kind };
    const credit = shown.attribution.trim();
    return { kind: 'url', url: shown.url.trim(), ...(credit ? { attribution: credit } : {}) };
  }

  async function save() {
    setError(undefined);
    setError(await admin.save(choice()));
  }

  return (
    <SettingsSectionFrame title={t('imagery.title')}>
      <Text size="sm">{t('imagery.intro')}</Text>
      <CurrentSetting
        label={t('imagery.current')}
        loading={admin.loading}
        loadingLabel={t('imagery.loading')}
      >
        {currentInWords(current ?? null, t)}
      </CurrentSetting>
      {error && (
        <Alert color="red" role="alert" title={t('imagery.notSaved')}>
          {error}
        </Alert>
      )}
      <TitledSettingsForm
        title={t('imagery.choose')}
        submitLabel={t('imagery.save')}
        canSubmit={!admin.loading && (shown.kind !== 'url' || shown.url.trim() !== '')}
        saving={admin.saving}
        onSubmit={() => void save()}
      >
        <Radio.Group
          label={t('imagery.source')}
          value={shown.kind}
          onChange={(value) => setKind(value as Kind)}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="public" label={t('imagery.public')} description={t('imagery.publicHelp')} />
            <Radio value="url" label={t('imagery.own')} description={t('imagery.ownHelp')} />
            <Radio value="off" label={t('imagery.off')} description={t('imagery.offHelp')} />
          </Stack>
        </Radio.Group>
        {shown.kind === 'url' && (
          <>
            <TextInput
              label={t('imagery.url')}
              description={t('imagery.urlHelp')}
              type="url"
              required
              value={shown.url}
              onChange={(e) => setUrl(e.currentTarget.value)}
            />
            <TextInput
              label={t('imagery.attribution')}
              description={t('imagery.attributionHelp')}
              value={shown.attribution}
              onChange={(e) => setAttribution(e.currentTarget.value)}
            />
          </>
        )}
      </TitledSettingsForm>
      <Text size="xs" c="dimmed">
        {t('imagery.credit')}
      </Text>
    </SettingsSectionFrame>
  );
}

function currentInWords(
  setting: MapImagerySetting | null,
  t: ReturnType<typeof useTranslation<'admin'>>['t'],
) {
  if (!setting) return t('imagery.currentDefault');
  switch (setting.kind) {
    case 'public':
      return t('imagery.currentPublic');
    case 'url':
      return setting.attribution
        ? t('imagery.currentUrlCredited', { url: setting.url, attribution: setting.attribution })
        : t('imagery.currentUrl', { url: setting.url });
    case 'off':
      return t('imagery.currentOff');
  }
}
