import { Alert, Button, Checkbox, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMapImagery } from '#src/device/hooks/useMapImagery.ts';
import { formatDateTime, formatFileSize, formatNumber } from '#src/domain/format.ts';
import { imagerySource } from '#src/domain/schemas/mapImagery.ts';
import {
  type AreaProblem,
  DEFAULT_TILE_BYTES,
  defaultMaxZoom,
  maxZoomChoices,
  planArea,
} from '#src/domain/tileMath.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';
import { useStyleResources } from '../hooks/useStyleResources.ts';
import { areaResources } from '../utils/imageryResources.ts';
import { type AreaStoreDeps, averageTileBytes, type NewArea } from '../utils/offlineAreaStore.ts';
import type { AreaView } from '../utils/savedArea.ts';

/**
 * The visible area's download: name, max zoom, whether to keep the aerial imagery too, live tile
 * count and size, Save.
 */
export function SaveAreaForm({
  view,
  styleUrl,
  deps,
  onSave,
}: {
  view: AreaView;
  styleUrl: string;
  deps: AreaStoreDeps;
  onSave: (area: NewArea) => void;
}) {
  const { t } = useTranslation('offlineAreas');
  const { online } = useNetwork();
  const pixelRatio = Math.min(2, Math.max(1, Math.round(globalThis.devicePixelRatio || 1)));
  const style = useStyleResources(styleUrl, online, pixelRatio);
  const [average, setAverage] = useState(DEFAULT_TILE_BYTES);
  useEffect(() => {
    void averageTileBytes(deps).then(setAverage);
  }, [deps]);
  const [name, setName] = useState(() =>
    t('offlineAreas.defaultName', {
      date: formatDateTime(new Date(), shownLanguage()),
    }),
  );

  const imagerySetting = useMapImagery();
  const imagery = useMemo(() => imagerySource(imagerySetting), [imagerySetting]);
  const [withImagery, setWithImagery] = useState(false);
  const styleResources = style.state === 'ready' ? style.resources : undefined;
  const resources = useMemo(
    () => styleResources && areaResources(styleResources, imagery, withImagery),
    [styleResources, imagery, withImagery],
  );
  const choices = useMemo(
    () => (resources ? maxZoomChoices(view.zoom, resources.maxzoom) : []),
    [resources, view.zoom],
  );
  const [maxZoom, setMaxZoom] = useState<number | undefined>();
  const chosen = maxZoom !== undefined && choices.includes(maxZoom) ? maxZoom : defaultMaxZoom(choices);
  const plan =
    resources && chosen !== undefined
      ? planArea(view.bbox, view.zoom, chosen, resources.sources, average)
      : undefined;

  const reason = !online
    ? t('offlineAreas.offline')
    : style.state === 'error'
      ? t('offlineAreas.styleError', { message: style.message })
      : resources && choices.length === 0
        ? t('offlineAreas.noZoomChoices')
        : plan?.problem
          ? problemText(t, plan.problem)
          : undefined;
  const canSave = Boolean(
    online && resources && plan && !plan.problem && chosen !== undefined && name.trim(),
  );

  return (
    <Stack gap="sm">
      <TextInput
        label={t('offlineAreas.name')}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
      />
      <Select
        label={t('offlineAreas.maxZoom')}
        data={choices.map((z) => ({
          value: String(z),
          label:
            z === Math.floor(view.zoom)
              ? t('offlineAreas.zoomNow', { zoom: z })
              : t('offlineAreas.zoomOption', { zoom: z }),
        }))}
        value={chosen === undefined ? null : String(chosen)}
        onChange={(v) => v && setMaxZoom(Number(v))}
        allowDeselect={false}
        disabled={choices.length === 0}
      />
      {imagery && (
        <Checkbox
          label={t('offlineAreas.withImagery')}
          description={t('offlineAreas.withImageryHint', { credit: imagery.attribution })}
          checked={withImagery}
          onChange={(e) => setWithImagery(e.currentTarget.checked)}
        />
      )}
      {style.state === 'loading' && online && (
        <Text size="sm" c="dimmed">
          {t('offlineAreas.loadingStyle')}
        </Text>
      )}
      {plan && (
        <Text size="sm" role="status" aria-label={t('offlineAreas.estimateLabel')}>
          {t('offlineAreas.estimate', {
            tiles: formatNumber(plan.tiles, shownLanguage()),
            size: formatFileSize(plan.bytes, shownLanguage()),
          })}
        </Text>
      )}
      {resources?.skipped.map((s) => (
        <Text key={s.id} size="xs" c="dimmed">
          {t('offlineAreas.skippedSource', { id: s.id, reason: s.reason })}
        </Text>
      ))}
      {reason && (
        <Alert color={online ? 'red' : 'gray'} role="alert">
          {reason}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button
          disabled={!canSave}
          onClick={() => {
            if (!resources || chosen === undefined) return;
            onSave({
              name: name.trim(),
              bbox: view.bbox,
              mapZoom: view.zoom,
              maxZoom: chosen,
              styleUrl,
              pixelRatio,
              resources,
            });
          }}
        >
          {t('offlineAreas.save')}
        </Button>
      </Group>
    </Stack>
  );
}

function problemText(t: TFunction<'offlineAreas'>, problem: AreaProblem): string {
  switch (problem.kind) {
    case 'tooManyTiles':
      return t('offlineAreas.tooManyTiles', {
        count: formatNumber(problem.count, shownLanguage()),
        max: formatNumber(problem.max, shownLanguage()),
      });
    case 'invalidArea':
      return t('offlineAreas.invalidArea');
    case 'invalidZoom':
      return t('offlineAreas.invalidZoom');
  }
}
