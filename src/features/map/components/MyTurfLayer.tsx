import { useMemo } from 'react';
import { Layer, Source } from 'react-map-gl/maplibre';
import { useUserTurfs } from '#src/device/hooks/useTurfs.ts';
import { asTurfPolygon } from '#src/domain/turfGeometry.ts';

/** The rep's own turf, outlined under the pins in its colour (synced, so offline too). */
export function MyTurfLayer({ userId, beforeId }: { userId: string; beforeId: string | undefined }) {
  const turfs = useUserTurfs(userId);
  const shapes = useMemo<GeoJSON.FeatureCollection>(
    () => ({
      type: 'FeatureCollection',
      features: (turfs ?? []).flatMap((turf) => {
        const polygon = asTurfPolygon(turf.geometry);
        return polygon
          ? [{ type: 'Feature', geometry: polygon, properties: { color: turf.color || '#e8590c' } }]
          : [];
      }),
    }),
    [turfs],
  );
  if (!shapes.features.length) return null;
  return (
    <Source id="my-turf" type="geojson" data={shapes}>
      <Layer
        id="my-turf-fill"
        type="fill"
        beforeId={beforeId}
        paint={{ 'fill-color': ['get', 'color'], 'fill-opacity': 0.08 }}
      />
      <Layer
        id="my-turf-line"
        type="line"
        beforeId={beforeId}
        paint={{ 'line-color': ['get', 'color'], 'line-width': 3, 'line-dasharray': [3, 1.5] }}
      />
    </Source>
  );
}
