import { Alert, Button, FileInput, Group, Loader, Paper, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#src/domain/format.ts';
import type { MapTilesSetting } from '#src/domain/schemas/mapTiles.ts';
import { intlLocale, shownLanguage } from '#src/ui/intlLocale.ts';
import { useBaseMapAdmin } from '../hooks/useBaseMapAdmin.ts';
import { SettingsSectionFrame } from './SettingsSectionFrame.tsx';
import { TitledSettingsForm } from './TitledSettingsForm.tsx';

const megabytes = (bytes: number) =>
  new Intl.NumberFormat(intlLocale(), { maximumFractionDigits: 1 }).format(bytes / 1_000_000);

function CurrentBaseMap({ setting }: { setting: MapTilesSetting | null }) {
  const { t } = useTranslation('admin');
  let text = t('baseMap.currentBuiltIn');
  if (setting?.kind === 'upload') {
    text = t('baseMap.currentUpload', {
      size: megabytes(setting.size),
      min: setting.min_zoom,
      max: setting.max_zoom,
      date: formatDateTime(setting.uploaded_at, shownLanguage()),
    });
  } else if (setting?.kind === 'url') text = t('baseMap.currentUrl', { url: setting.url });
  return (
    <Paper withBorder p="md">
      <Text fw={600}>{t('baseMap.current')}</Text>
      <Text size="sm" role="status" aria-label={t('baseMap.current')} style={{ overflowWrap: 'anywhere' }}>
        {text}
      </Text>
    </Paper>
  );
}

/**
 * Settings → base map: the org's street map for every member's map, as a PMTiles extract of its
 * territory uploaded here or the address of one served elsewhere; or back to the built-in map.
 */
export function BaseMapSection() {
  const { t } = useTranslation('admin');
  const admin = useBaseMapAdmin();
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
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
      {admin.current && (
        <Group>
          <Button
            variant="subtle"
            color="red"
            loading={admin.saving}
            onClick={() => void run(admin.chooseBuiltIn)}
          >
            {t('baseMap.useBuiltIn')}
          </Button>
        </Group>
      )}
      <Text size="xs" c="dimmed">
        {t('baseMap.attribution')}
      </Text>
    </SettingsSectionFrame>
  );
}
