import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTeams } from '#src/device/hooks/useTeams.ts';
import { useUsers } from '#src/device/hooks/useUsers.ts';
import { AddressSearch } from '../geocoding/AddressSearch.tsx';
import type { MapPageState } from '../hooks/useMapPage.ts';
import { PHOENIX } from '../hooks/usePinMap.ts';
import { WalkButton } from '../walk/WalkButton.tsx';
import { LassoButton } from './LassoButton.tsx';
import { MapControls } from './MapControls.tsx';

/** Over the map's top edge: the pin count and address search, then adding, tracking and the layers. */
export function MapTopBar({ page }: { page: MapPageState }) {
  const { t } = useTranslation('map');
  const users = useUsers();
  const teams = useTeams();
  const { pinMap, shown, total, tracking } = page;
  const { service, mapRef } = pinMap;

  return (
    <Group
      pos="absolute"
      top={8}
      left={8}
      right={8}
      justify="space-between"
      style={{ pointerEvents: 'none' }}
    >
      <Stack gap={4} style={{ pointerEvents: 'auto' }}>
        <Paper px="xs" py={4} shadow="xs">
          <Text size="xs" role="status" aria-label={t('map.pinsShown', { shown: shown ?? 0, total })}>
            {service ? t('map.pinsShown', { shown: shown ?? total, total }) : t('map.loadingPins')}
          </Text>
        </Paper>
        <AddressSearch
          service={service}
          near={() => {
            const c = mapRef.current?.getCenter();
            return { lng: c?.lng ?? PHOENIX.longitude, lat: c?.lat ?? PHOENIX.latitude };
          }}
          onPick={page.onSearchPick}
        />
      </Stack>
      <Group gap="xs" style={{ pointerEvents: 'auto' }}>
        {page.canAddPins ? (
          <Button size="xs" onClick={page.addAtMyLocation}>
            {t('map.addAtMyLocation')}
          </Button>
        ) : null}
        {tracking.active ? (
          <Button size="xs" color="orange" onClick={() => void tracking.stop()}>
            {t('tracking.stop')} · {t('tracking.points', { count: tracking.pointCount })}
          </Button>
        ) : (
          <Button size="xs" variant="default" onClick={() => void tracking.start()}>
            {t('tracking.start')}
          </Button>
        )}
        <WalkButton walk={page.walk} />
        <LassoButton lasso={page.lasso} />
        <MapControls
          layers={page.layers}
          onLayers={page.setLayers}
          imagery={{ on: page.satellite, onChange: page.setSatellite, unavailable: page.imagery.unavailable }}
          filters={page.filters}
          onFilters={page.setFilters}
          stages={page.stages}
          users={users}
          teams={teams}
          onSaveOffline={page.saveOffline}
          mapRef={mapRef}
        />
      </Group>
    </Group>
  );
}
