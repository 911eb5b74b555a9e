import { Anchor, Badge, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useActor } from '#src/device/hooks/useActor.ts';
import { useFullRow } from '#src/device/hooks/useTableRows.ts';
import { can } from '#src/domain/permissions.ts';
import { asRegionGeometry, REGION_FILLS } from '#src/domain/regionGeometry.ts';
import { useRegionFacts } from '../hooks/useRegionFacts.ts';
import { TurfSection } from '../turfs/TurfSection.tsx';
import { RegionForm } from './RegionForm.tsx';
import { RegionMap } from './RegionMap.tsx';
import { RegionSections } from './RegionSections.tsx';

const NO_IDS: string[] = [];

/**
 * One region: for those who manage regions an editor (`/regions/{id}`, `/regions/new`), for
 * everyone else, and on `/region`, its profile: the region on a map, its contacts, pipeline by
 * stage, reps and teams.
 */
export function RegionView({
  regionId,
  profileOnly = false,
}: {
  regionId: string | null;
  profileOnly?: boolean;
}) {
  const { t } = useTranslation(['regions', 'tables']);
  const actor = useActor();
  const row = useFullRow('regions', regionId);
  const managerIds = Array.isArray(row?.manager_ids) ? (row.manager_ids as string[]) : NO_IDS;
  const facts = useRegionFacts(regionId, managerIds);
  const mayChange = !profileOnly && can(actor, 'regions.manage');
  const back = (
    <Anchor component={Link} to="/regions" size="sm">
      {t('regions.back')}
    </Anchor>
  );

  if (regionId && (row === undefined || facts.teams === undefined)) {
    return (
      <Stack>
        {back}
        <Title order={1} size="h2">
          {t('regions.title')}
        </Title>
        <Loader size="sm" aria-label={t('regions.loading')} />
      </Stack>
    );
  }
  const name = regionId ? String(row?.name || t('tables:tables.untitled')) : t('regions.new');
  const color = typeof row?.color === 'string' && row.color ? row.color : REGION_FILLS[0];
  const contactIds = facts.contacts?.ids ?? NO_IDS;

  return (
    <Stack>
      {!profileOnly && back}
      <Group gap="sm">
        <Title order={1} size="h2">
          {name}
        </Title>
        {profileOnly && <Badge variant="light">{t('regions.mine')}</Badge>}
      </Group>
      {mayChange ? (
        <RegionForm
          key={regionId ?? 'new'}
          regionId={regionId}
          row={row}
          teamIds={facts.teams?.map((team) => team.id) ?? NO_IDS}
          contactIds={contactIds}
        />
      ) : regionId ? (
        <RegionMap geometry={asRegionGeometry(row?.geometry) ?? null} color={color} contactIds={contactIds} />
      ) : (
        <Text>{t('regions.cannotAdd')}</Text>
      )}
      {regionId && (
        <TurfSection
          regionId={regionId}
          geometry={asRegionGeometry(row?.geometry) ?? null}
          teamIds={facts.teams?.map((team) => team.id) ?? NO_IDS}
        />
      )}
      {regionId && <RegionSections regionId={regionId} facts={facts} />}
    </Stack>
  );
}
