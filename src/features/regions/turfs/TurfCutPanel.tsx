import { Button, Group, Loader, MultiSelect, Radio, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RegionGeometry } from '#src/domain/regionGeometry.ts';
import type { DoorWeight } from '#src/domain/turfWeight.ts';
import { TurfReview } from './TurfReview.tsx';
import { useTurfCut } from './useTurfCut.ts';

/**
 * 'Cut into turfs': the reps to cover the region and what a door weighs, the cut (in a worker,
 * on the device, offline too), then its review; 'Assign' sends it to the server.
 */
export function TurfCutPanel({
  regionId,
  region,
  teamIds,
  onClose,
}: {
  regionId: string;
  region: RegionGeometry;
  teamIds: readonly string[];
  onClose(): void;
}) {
  const { t } = useTranslation('regions');
  const flow = useTurfCut(regionId, region, teamIds);
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {t('turfs.setupTitle')}
      </Title>
      {flow.reps.length ? (
        <MultiSelect
          label={t('turfs.reps')}
          description={t('turfs.repsHelp')}
          data={flow.reps.map((rep) => ({ value: rep.id, label: rep.name }))}
          value={flow.repIds}
          onChange={flow.setRepIds}
          searchable
          maw={480}
        />
      ) : (
        <Text size="sm">{t('turfs.noReps')}</Text>
      )}
      <Radio.Group
        label={t('turfs.weight')}
        description={t('turfs.weightHelp')}
        value={flow.weight}
        onChange={(value) => flow.setWeight(value as DoorWeight)}
      >
        <Group mt={4}>
          <Radio value="count" label={t('turfs.weightCount')} />
          <Radio value="value" label={t('turfs.weightValue')} />
        </Group>
      </Radio.Group>
      <Text size="sm" c="dimmed">
        {flow.doorCount === undefined ? t('turfs.readingDoors') : t('turfs.doors', { count: flow.doorCount })}
      </Text>
      <Group>
        <Button
          onClick={() => void flow.cut()}
          disabled={!flow.repIds.length || flow.doorCount === undefined}
          loading={flow.cutting}
        >
          {flow.review ? t('turfs.cutAgain') : t('turfs.cut')}
        </Button>
        <Button variant="default" onClick={onClose}>
          {t('turfs.cancel')}
        </Button>
        {flow.cutting && <Loader size="xs" aria-label={t('turfs.cutting')} />}
      </Group>
      {flow.review && <TurfReview region={region} flow={flow} onAssigned={onClose} />}
    </Stack>
  );
}
