import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateFormat as dateFormatOf, formatFileSize } from '#src/domain/format.ts';
import type { BBox } from '#src/domain/tileMath.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';
import type { SavedArea } from '../utils/savedArea.ts';

/** The areas saved on this device, newest first, each with Fly to, Resume (if partly saved) and Remove. */
export function SavedAreaList({
  areas,
  runningId,
  canResume,
  onFlyTo,
  onResume,
  onRemove,
}: {
  areas: SavedArea[];
  runningId: string | undefined;
  canResume: boolean;
  onFlyTo: (bbox: BBox) => void;
  onResume: (area: SavedArea) => void;
  onRemove: (id: string) => void;
}) {
  const { t } = useTranslation('offlineAreas');
  const { online } = useNetwork();
  const [confirming, setConfirming] = useState<string | undefined>();
  const dateFormat = dateFormatOf(shownLanguage(), { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <Stack gap="xs">
      <Title order={4} id="saved-areas-title">
        {t('offlineAreas.savedAreas')}
      </Title>
      {areas.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('offlineAreas.none')}
        </Text>
      )}
      <Stack
        gap="xs"
        component="ul"
        aria-labelledby="saved-areas-title"
        style={{ listStyle: 'none', padding: 0 }}
      >
        {areas.map((area) => {
          const running = area.id === runningId;
          return (
            <li key={area.id} aria-label={area.name}>
              <Stack gap={4}>
                <Group gap="xs">
                  <Text fw={600} size="sm">
                    {area.name}
                  </Text>
                  <Badge
                    color={running ? 'blue' : area.status === 'complete' ? 'green' : 'yellow'}
                    variant="light"
                  >
                    {running ? t('offlineAreas.downloading') : t(`offlineAreas.${area.status}`)}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  {t('offlineAreas.details', {
                    size: formatFileSize(area.bytes, shownLanguage()),
                    date: dateFormat.format(new Date(area.createdAt)),
                    minZoom: area.minZoom,
                    maxZoom: area.maxZoom,
                  })}
                </Text>
                {confirming === area.id ? (
                  <Group gap="xs">
                    <Text size="sm">{t('offlineAreas.confirmRemove', { name: area.name })}</Text>
                    <Button
                      size="xs"
                      color="red"
                      onClick={() => {
                        setConfirming(undefined);
                        onRemove(area.id);
                      }}
                    >
                      {t('offlineAreas.confirm')}
                    </Button>
                    <Button size="xs" variant="default" onClick={() => setConfirming(undefined)}>
                      {t('offlineAreas.keep')}
                    </Button>
                  </Group>
                ) : (
                  <Group gap="xs">
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={t('offlineAreas.flyToArea', { name: area.name })}
                      onClick={() => onFlyTo(area.bbox)}
                    >
                      {t('offlineAreas.flyTo')}
                    </Button>
                    {area.status === 'partial' && !running && (
                      <Button
                        size="xs"
                        variant="light"
                        disabled={!canResume || !online}
                        aria-label={t('offlineAreas.resumeArea', { name: area.name })}
                        onClick={() => onResume(area)}
                      >
                        {t('offlineAreas.resume')}
                      </Button>
                    )}
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      disabled={running}
                      aria-label={t('offlineAreas.removeArea', { name: area.name })}
                      onClick={() => setConfirming(area.id)}
                    >
                      {t('offlineAreas.remove')}
                    </Button>
                  </Group>
                )}
              </Stack>
            </li>
          );
        })}
      </Stack>
    </Stack>
  );
}
