import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Layer, Source } from 'react-map-gl/maplibre';
import { useServerData } from '#src/device/hooks/useServerData.ts';
import { useUsersByIds } from '#src/device/hooks/useUsers.ts';
import { fetchTeamPaths, localToday, type TeamPaths } from './teamPaths.ts';

const COLOURS = ['#e8590c', '#7048e8', '#0ca678', '#d6336c', '#1c7ed6', '#f59f00', '#37b24d', '#ae3ec9'];

export interface TeamPathsState {
  on: boolean;
  date: string;
}

/** The control a manager uses to see where the team walked on a day. */
export function TeamPathsControl({
  state,
  onChange,
  result,
}: {
  state: TeamPathsState;
  onChange: (next: TeamPathsState) => void;
  result: { loading: boolean; error?: string; count: number };
}) {
  const { t } = useTranslation('map');
  return (
    <Paper p="xs" shadow="xs" maw={260}>
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap">
          <TextInput
            type="date"
            size="xs"
            label={t('teamPaths.date')}
            value={state.date}
            onChange={(e) => onChange({ ...state, date: e.currentTarget.value || localToday() })}
          />
          <Button
            size="xs"
            mt={18}
            variant={state.on ? 'filled' : 'default'}
            onClick={() => onChange({ ...state, on: !state.on })}
          >
            {state.on ? t('teamPaths.hide') : t('teamPaths.show')}
          </Button>
        </Group>
        {state.on && result.loading && <Text size="xs">{t('teamPaths.loading')}</Text>}
        {state.on && !result.loading && !result.error && (
          <Text size="xs" c="dimmed">
            {t('teamPaths.count', { count: result.count })}
          </Text>
        )}
        {state.on && result.error && (
          <Alert color="orange" p={6}>
            <Text size="xs">{result.error}</Text>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/** Loads the day's paths while shown; offline it says so instead of showing nothing. */
export function useTeamPaths(state: TeamPathsState) {
  const { t } = useTranslation('map');
  const words = { offline: t('teamPaths.offline'), failed: t('teamPaths.failed') };
  const read = useServerData(state.on ? state.date : null, () => fetchTeamPaths(state.date), { words });
  const data = state.on ? read.data : undefined;
  // Offline the server is not asked: say why nothing is drawn.
  const error = state.on ? (read.error ?? (read.offline ? words.offline : undefined)) : undefined;
  return { data, loading: read.loading, error, count: data?.paths.length ?? 0 };
}

/** The paths as lines (one colour per person) and each person's last known position. */
export function TeamPathsLayer({ data, beforeId }: { data: TeamPaths | undefined; beforeId?: string }) {
  const userIds = useMemo(() => [...new Set(data?.positions.map((p) => p.user_id) ?? [])], [data]);
  const people = useUsersByIds(userIds);
  const collections = useMemo(() => {
    const colourOf = new Map<string, string>();
    const colour = (id: string) => {
      if (!colourOf.has(id)) colourOf.set(id, COLOURS[colourOf.size % COLOURS.length] as string);
      return colourOf.get(id) as string;
    };
    const names = new Map(people.filter((u) => u !== undefined).map((u) => [u._id, u.name ?? '']));
    const lines: GeoJSON.FeatureCollection = {
      type: 'FeatureCollection',
      features: (data?.paths ?? [])
        .filter((p) => p.points.length > 1)
        .map((p) => ({
          type: 'Feature',
          properties: { color: colour(p.user_id) },
          geometry: { type: 'LineString', coordinates: p.points.map(([lng, lat]) => [lng, lat]) },
        })),
    };
    const positions: GeoJSON.FeatureCollection = {
      type: 'FeatureCollection',
      features: (data?.positions ?? []).map((p) => ({
        type: 'Feature',
        properties: { color: colour(p.user_id), name: names.get(p.user_id) || '' },
        geometry: { type: 'Point', coordinates: [p.lng, p.lat] },
      })),
    };
    return { lines, positions };
  }, [data, people]);
  if (!data) return null;
  return (
    <>
      <Source id="team-paths" type="geojson" data={collections.lines}>
        <Layer
          id="team-paths-line"
          beforeId={beforeId}
          type="line"
          layout={{ 'line-join': 'round', 'line-cap': 'round' }}
          paint={{ 'line-color': ['get', 'color'], 'line-width': 3, 'line-opacity': 0.8 }}
        />
      </Source>
      <Source id="team-positions" type="geojson" data={collections.positions}>
        <Layer
          id="team-positions-dot"
          type="circle"
          paint={{
            'circle-color': ['get', 'color'],
            'circle-radius': 7,
            'circle-stroke-width': 3,
            'circle-stroke-color': '#ffffff',
          }}
        />
        <Layer
          id="team-positions-name"
          type="symbol"
          layout={{
            'icon-image': ['concat', 'label:light:', ['get', 'name']],
            'icon-offset': [0, -18],
            'icon-allow-overlap': true,
          }}
        />
      </Source>
    </>
  );
}
