import { Alert, Button, Divider, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '#src/domain/format.ts';
import type { BBox } from '#src/domain/tileMath.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';
import { type DownloadOutcome, useOfflineAreas } from '../hooks/useOfflineAreas.ts';
import { deviceAreaStore } from '../utils/offlineAreaStore.ts';
import type { AreaView } from '../utils/savedArea.ts';
import { SaveAreaForm } from './SaveAreaForm.tsx';
import { SavedAreaList } from './SavedAreaList.tsx';

/**
 * 'Save this area for offline': the visible area's download (zoom, tile count and size estimate,
 * progress with Cancel) and the areas saved on this device (fly to, resume, remove). With no tile
 * style configured it says why there is nothing to save.
 */
export function OfflineAreasDialog({
  view,
  styleUrl,
  onClose,
  onFlyTo,
}: {
  /** Set while the dialog is open. */
  view: AreaView | undefined;
  /** The style of the base map the map draws, when it is one whose files can be saved. */
  styleUrl: string | undefined;
  onClose: () => void;
  onFlyTo: (bbox: BBox) => void;
}) {
  const { t } = useTranslation('offlineAreas');
  const deps = useMemo(() => (styleUrl ? deviceAreaStore() : undefined), [styleUrl]);
  // Kept while the dialog is closed, so a download goes on in the background.
  const offline = useOfflineAreas(deps);
  const { running } = offline;

  return (
    <Modal
      opened={Boolean(view)}
      onClose={onClose}
      title={t('offlineAreas.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {!styleUrl || !deps ? (
        <Alert color="gray">{t('offlineAreas.unavailable')}</Alert>
      ) : (
        <Stack gap="md">
          {running ? (
            <Stack gap={4}>
              <Text size="sm">{t('offlineAreas.saving', { name: running.area.name })}</Text>
              <Progress.Root size="lg">
                <Progress.Section
                  aria-label={t('offlineAreas.progressLabel')}
                  value={running.progress.total ? (running.progress.done / running.progress.total) * 100 : 0}
                />
              </Progress.Root>
              <Group justify="space-between">
                <Text size="sm" role="status">
                  {t('offlineAreas.progress', {
                    done: running.progress.done,
                    total: running.progress.total,
                    size: formatFileSize(running.progress.bytes, shownLanguage()),
                  })}
                </Text>
                <Button size="xs" variant="default" onClick={offline.cancel}>
                  {t('offlineAreas.cancel')}
                </Button>
              </Group>
            </Stack>
          ) : (
            view && <SaveAreaForm view={view} styleUrl={styleUrl} deps={deps} onSave={offline.save} />
          )}
          {offline.outcome && !running && <OutcomeAlert outcome={offline.outcome} />}
          <Divider />
          <SavedAreaList
            areas={offline.areas}
            runningId={running?.area.id}
            onFlyTo={(bbox) => {
              onFlyTo(bbox);
              onClose();
            }}
            onResume={(area) => void offline.resume(area)}
            onRemove={(id) => void offline.remove(id)}
            canResume={!running}
          />
        </Stack>
      )}
    </Modal>
  );
}

/** What an area is saved from: the org's archive (as `pmtiles://…`) or the deployment's style. */
function OutcomeAlert({ outcome }: { outcome: DownloadOutcome }) {
  const { t } = useTranslation('offlineAreas');
  if (outcome.kind === 'error') {
    return <Alert color="red">{t('offlineAreas.error', { message: outcome.message })}</Alert>;
  }
  const name = outcome.area.name;
  switch (outcome.kind) {
    case 'saved':
      return (
        <Alert color="green">
          {t('offlineAreas.saved', { name, size: formatFileSize(outcome.area.bytes, shownLanguage()) })}
        </Alert>
      );
    case 'cancelled':
      return <Alert color="yellow">{t('offlineAreas.cancelled', { name })}</Alert>;
    case 'quota':
      return <Alert color="red">{t('offlineAreas.quota', { name })}</Alert>;
    case 'failed':
      return <Alert color="yellow">{t('offlineAreas.failed', { name, count: outcome.count })}</Alert>;
  }
}
