import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActor } from '#src/device/hooks/useActor.ts';
import { useRegions, useTeams } from '#src/device/hooks/useTeams.ts';
import { useRegionTurfs } from '#src/device/hooks/useTurfs.ts';
import type { RegionGeometry } from '#src/domain/regionGeometry.ts';
import { canManageTurfsIn, managedRegionIds } from '#src/domain/turfRules.ts';
import { TurfCutPanel } from './TurfCutPanel.tsx';
import { TurfProgressList } from './TurfProgressList.tsx';

const ids = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/**
 * A region's turfs on its page: each turf's progress this week and, for the region's managers and
 * admins, 'Cut into turfs' (the cut, its review and 'Assign').
 */
export function TurfSection({
  regionId,
  geometry,
  teamIds,
}: {
  regionId: string;
  geometry: RegionGeometry | null;
  teamIds: readonly string[];
}) {
  const { t } = useTranslation('regions');
  const actor = useActor();
  const regions = useRegions();
  const teams = useTeams();
  const turfs = useRegionTurfs(regionId);
  const [cutting, setCutting] = useState(false);
  const mayCut = useMemo(() => {
    const managed = managedRegionIds(
      actor,
      regions.map((r) => ({ id: r._id, manager_ids: ids(r.manager_ids) })),
      teams.map((team) => ({
        id: team._id,
        region_id: typeof team.region_id === 'string' ? team.region_id : null,
      })),
    );
    return canManageTurfsIn(actor, regionId, managed);
  }, [actor, regions, teams, regionId]);

  return (
    <Paper withBorder p="md" maw={960}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('turfs.title')}
          </Title>
          {mayCut && geometry && !cutting && (
            <Button size="xs" onClick={() => setCutting(true)}>
              {t('turfs.cutInto')}
            </Button>
          )}
        </Group>
        {mayCut && !geometry && <Text size="sm">{t('turfs.needsOutline')}</Text>}
        {cutting && geometry && (
          <TurfCutPanel
            regionId={regionId}
            region={geometry}
            teamIds={teamIds}
            onClose={() => setCutting(false)}
          />
        )}
        {turfs === undefined ? (
          <Loader size="sm" aria-label={t('regions.loading')} />
        ) : turfs.length ? (
          <TurfProgressList turfs={turfs} />
        ) : (
          <Text size="sm">{t('turfs.none')}</Text>
        )}
      </Stack>
    </Paper>
  );
}
