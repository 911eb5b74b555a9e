import { Alert, Button, FileInput, Group, Loader, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBaseMapAdmin } from '../hooks/useBaseMapAdmin.ts';
import { CurrentBaseMap } from './CurrentBaseMap.tsx';
import { SettingsSectionFrame } from './SettingsSectionFrame.tsx';
import { TitledSettingsForm } from './TitledSettingsForm.tsx';

/**
 * Settings → base map, for every member's map: the public street map (the default), a MapLibre
 * style served elsewhere, a PMTiles extract of the territory uploaded here or served elsewhere, or
 * the built-in outline map.
 */
export function BaseMapSection() {
  const { t } = useTranslation('admin');
  const admin = useBaseMapAdmin();
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [styleUrl, setStyleUrl] = useState('');
  const [error, setError] = useState<string>();

  async function run(work: () => Promise<string | undefined>) {
    setError(undefined);
    setError(await work());
  }

  return (
    <SettingsSectionFrame title={t('baseMap.title')}>
      <Text size="sm">{t('baseMap.intro')}</Text>
      {admin.loading ? (
        <Loader size="sm" aria-label={t('baseMap.loading')} />
      ) : (
        <CurrentBaseMap setting={admin.current ?? null} />
      )}
      {error && (
        <Alert color="red" role="alert" title={t('baseMap.notSaved')}>
          {error}
        </Alert>
      )}
      <TitledSettingsForm
        title={t('baseMap.styleTitle')}
        submitLabel={t('baseMap.useStyle')}
        canSubmit={styleUrl.trim() !== ''}
        saving={admin.saving}
        onSubmit={() => void run(() => admin.chooseStyle(styleUrl))}
        secondary
      >
        <TextInput
          label={t('baseMap.style')}
          description={t('baseMap.styleHelp')}
          type="url"
          value={styleUrl}
          onChange={(e) => setStyleUrl(e.currentTarget.value)}
        />
      </TitledSettingsForm>
      <TitledSettingsForm
        title={t('baseMap.uploadTitle')}
        submitLabel={t('baseMap.upload')}
        canSubmit={file !== null}
        saving={admin.saving}
        onSubmit={() => {
          if (file) void run(() => admin.upload(file));
        }}
      >
        <FileInput
          label={t('baseMap.file')}
          description={t('baseMap.fileHelp')}
          accept=".pmtiles,application/vnd.pmtiles,application/octet-stream"
          value={file}
          onChange={setFile}
        />
      </TitledSettingsForm>
      <TitledSettingsForm
        title={t('baseMap.urlTitle')}
        submitLabel={t('baseMap.useUrl')}
        canSubmit={url.trim() !== ''}
        saving={admin.saving}
        onSubmit={() => void run(() => admin.chooseUrl(url))}
        secondary
      >
        <TextInput
          label={t('baseMap.url')}
          description={t('baseMap.urlHelp')}
          type="url"
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
        />
      </TitledSettingsForm>
      <Group>
        {admin.current && (
          <Button variant="light" loading={admin.saving} onClick={() => void run(admin.chooseDefault)}>
            {t('baseMap.useDefault')}
          </Button>
        )}
        {admin.current?.kind !== 'builtin' && (
          <Button
            variant="subtle"
            color="red"
            loading={admin.saving}
            onClick={() => void run(admin.chooseBuiltIn)}
          >
            {t('baseMap.useBuiltIn')}
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {t('baseMap.attribution')}
      </Text>
    </SettingsSectionFrame>
  );
}
