import { Layer, Source } from 'react-map-gl/maplibre';
import type { LassoArea } from '../utils/lassoArea.ts';

/** The area last lassoed, outlined under the pins while its leads are selected. */
export function LassoAreaLayer({
  area,
  beforeId,
}: {
  area: LassoArea | undefined;
  beforeId: string | undefined;
}) {
  if (!area) return null;
  return (
    <Source id="lasso-area" type="geojson" data={{ type: 'Feature', geometry: area, properties: {} }}>
      <Layer
        id="lasso-area-fill"
        type="fill"
        beforeId={beforeId}
        paint={{ 'fill-color': '#1c7ed6', 'fill-opacity': 0.12 }}
      />
      <Layer
        id="lasso-area-line"
        type="line"
        beforeId={beforeId}
        paint={{ 'line-color': '#1c7ed6', 'line-width': 2, 'line-dasharray': [2, 1] }}
      />
    </Source>
  );
}
