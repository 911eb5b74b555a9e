import { Button, Group, MultiSelect, Paper, Popover, Select, Stack, Switch, Text } from '@mantine/core';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapRef } from 'react-map-gl/maplibre';
import type { TeamRow, UserRow } from '#src/db/rows.ts';
import type { DealStage } from '#src/domain/dealStages.ts';
import type { MessageKey } from '#src/ui/messages.ts';
import type { PinFilters } from '../pins/PinClusters.ts';
import { layerUnavailable, MAP_LAYERS, type MapLayer } from '../utils/mapSettings.ts';
import { ImageryChoice, type ImageryChoiceProps } from './ImageryChoice.tsx';
import { SavedPlaces } from './SavedPlaces.tsx';

const TOUCHED: Record<string, PinFilters['touched']> = {
  any: undefined,
  today: { within: 1 },
  week: { within: 7 },
  month: { within: 30 },
  stale: { untouchedFor: 30 },
};

function touchedKey(touched: PinFilters['touched']): string {
  return Object.entries(TOUCHED).find(([, v]) => JSON.stringify(v) === JSON.stringify(touched))?.[0] ?? 'any';
}

/** The map's base (Map or Satellite), layer toggles, pin filters and the user's saved places. */
export function MapControls({
  layers,
  onLayers,
  imagery,
  filters,
  onFilters,
  stages,
  users,
  teams,
  onSaveOffline,
  mapRef,
}: {
  layers: Record<MapLayer, boolean>;
  onLayers: (next: Record<MapLayer, boolean>) => void;
  /** Map or Satellite. */
  imagery: ImageryChoiceProps;
  filters: PinFilters;
  onFilters: (next: PinFilters) => void;
  stages: readonly DealStage[];
  users: UserRow[];
  teams: TeamRow[];
  /** Opens 'Save this area for offline' for what the map shows now. */
  onSaveOffline: () => void;
  /** The map, for saving where it is and going back to a saved place. */
  mapRef: RefObject<MapRef | null>;
}) {
  const { t } = useTranslation(['map', 'offlineAreas']);
  const active =
    [filters.stages, filters.statuses, filters.owners, filters.teams].filter((f) => f?.length).length +
    (filters.touched ? 1 : 0);
  return (
    <Group gap="xs">
      <SavedPlaces mapRef={mapRef} />
      <Popover position="bottom-end" shadow="md" withinPortal>
        <Popover.Target>
          <Button size="xs" variant="default">
            {t('map.layers')}
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs" aria-label={t('map.layers')}>
            <ImageryChoice {...imagery} />
            {MAP_LAYERS.map((layer) => {
              const reason = layerUnavailable(layer);
              return (
                <div key={layer}>
                  <Switch
                    label={t(`map.layer.${layer}`)}
                    checked={!reason && layers[layer]}
                    disabled={!!reason}
                    onChange={(e) => onLayers({ ...layers, [layer]: e.currentTarget.checked })}
                  />
                  {reason && (
                    <Text size="xs" c="dimmed" ml={46}>
                      {reason}
                    </Text>
                  )}
                </div>
              );
            })}
            <Button size="xs" variant="light" onClick={onSaveOffline}>
              {t('offlineAreas:offlineAreas.open')}
            </Button>
          </Stack>
        </Popover.Dropdown>
      </Popover>
      <Popover position="bottom-end" shadow="md" withinPortal width={300}>
        <Popover.Target>
          <Button size="xs" variant={active ? 'filled' : 'default'}>
            {active ? `${t('map.filters')} (${active})` : t('map.filters')}
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Paper>
            <Stack gap="xs">
              <MultiSelect
                label={t('map.filter.stages')}
                data={stages.map((s) => ({ value: s.value, label: s.label }))}
                value={filters.stages ?? []}
                onChange={(v) => onFilters({ ...filters, stages: v })}
                comboboxProps={{ withinPortal: false }}
              />
              <MultiSelect
                label={t('map.filter.statuses')}
                searchable
                data={stages.map((s) => ({ group: s.label, items: s.options.map((o) => o.value) }))}
                value={filters.statuses ?? []}
                onChange={(v) => onFilters({ ...filters, statuses: v })}
                comboboxProps={{ withinPortal: false }}
              />
              <MultiSelect
                label={t('map.filter.owners')}
                searchable
                data={users.map((u) => ({ value: u._id, label: u.name ?? u.email ?? u._id }))}
                value={filters.owners ?? []}
                onChange={(v) => onFilters({ ...filters, owners: v })}
                comboboxProps={{ withinPortal: false }}
              />
              <MultiSelect
                label={t('map.filter.teams')}
                data={teams.map((team) => ({ value: team._id, label: team.name ?? team._id }))}
                value={filters.teams ?? []}
                onChange={(v) => onFilters({ ...filters, teams: v })}
                comboboxProps={{ withinPortal: false }}
              />
              <Select
                label={t('map.filter.touched')}
                data={Object.keys(TOUCHED).map((key) => ({
                  value: key,
                  label: t(`map.filter.${key === 'any' ? 'any' : key}` as MessageKey<'map'>),
                }))}
                value={touchedKey(filters.touched)}
                onChange={(v) => onFilters({ ...filters, touched: TOUCHED[v ?? 'any'] })}
                allowDeselect={false}
                comboboxProps={{ withinPortal: false }}
              />
              <Button size="xs" variant="subtle" onClick={() => onFilters({})} disabled={!active}>
                {t('map.filter.clear')}
              </Button>
            </Stack>
          </Paper>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}
