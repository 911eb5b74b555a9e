import { Box, useComputedColorScheme } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import MapGL, { Layer, Source } from 'react-map-gl/maplibre';
import type { CardResult } from '#src/domain/dashboard/cards.ts';
import { MAP_SETTINGS, offlineStyle, PHOENIX } from '#src/features/map/index.ts';

type Points = Extract<CardResult, { kind: 'points' }>;

/** The frame of the points: their bounding box, or the map's default place. */
function boundsOf(points: Points['points']): [[number, number], [number, number]] | undefined {
  if (!points.length) return undefined;
  let [minX, minY, maxX, maxY] = [180, 90, -180, -90];
  for (const [x, y] of points) {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  return [
    [minX, minY],
    [maxX, maxY],
  ];
}

/**
 * A map card: the rows' points, clustered, on the app's map style (the built-in offline base map
 * unless a tile style is configured), so it draws offline too.
 */
export default function MapBody({ result, title }: { result: Points; title: string }) {
  const { t } = useTranslation('dashboard');
  const dark = useComputedColorScheme('light') === 'dark';
  const style = useMemo(() => MAP_SETTINGS.styleUrl ?? offlineStyle(dark), [dark]);
  const data = useMemo<GeoJSON.FeatureCollection>(
    () => ({
      type: 'FeatureCollection',
      features: result.points.map(([lng, lat]) => ({
        type: 'Feature',
        properties: {},
        geometry: { type: 'Point', coordinates: [lng, lat] },
      })),
    }),
    [result.points],
  );
  const bounds = boundsOf(result.points);
  return (
    <Box
      role="region"
      aria-label={t('dashboard.card.mapLabel', { title, count: result.total })}
      h="100%"
      mih={160}
      pos="relative"
    >
      <MapGL
        initialViewState={bounds ? { bounds, fitBoundsOptions: { padding: 24, maxZoom: 14 } } : PHOENIX}
        mapStyle={style}
        attributionControl={{ compact: true }}
        style={{ position: 'absolute', inset: 0, borderRadius: 6 }}
      >
        <Source id="card-points" type="geojson" data={data} cluster clusterRadius={40}>
          <Layer
            id="card-clusters"
            type="circle"
            filter={['has', 'point_count']}
            paint={{
              'circle-color': '#1c7ed6',
              'circle-radius': ['step', ['get', 'point_count'], 12, 50, 16, 500, 22],
              'circle-opacity': 0.85,
            }}
          />
          <Layer
            id="card-point"
            type="circle"
            filter={['!', ['has', 'point_count']]}
            paint={{
              'circle-color': '#1c7ed6',
              'circle-radius': 5,
              'circle-stroke-width': 1,
              'circle-stroke-color': '#ffffff',
            }}
          />
        </Source>
      </MapGL>
    </Box>
  );
}
