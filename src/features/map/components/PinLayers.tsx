import { Layer, Source } from 'react-map-gl/maplibre';

/**
 * The contacts' pins as the worker hands them: cluster icons and single pins coloured by status
 * (an orange ring while not yet synced). Layer ids 'pins-cluster' and 'pins-point' are what clicks
 * and other layers refer to.
 */
export function PinLayers({ data }: { data: GeoJSON.FeatureCollection }) {
  return (
    <Source id="pins" type="geojson" data={data}>
      <Layer
        id="pins-cluster"
        type="symbol"
        filter={['has', 'point_count']}
        layout={{
          'icon-image': ['concat', 'cluster:', ['to-string', ['get', 'point_count_abbreviated']]],
          'icon-allow-overlap': true,
        }}
      />
      <Layer
        id="pins-point"
        type="circle"
        filter={['!', ['has', 'point_count']]}
        paint={{
          'circle-color': ['get', 'color'],
          'circle-radius': ['interpolate', ['linear'], ['zoom'], 10, 5, 16, 8],
          'circle-stroke-width': 2,
          'circle-stroke-color': ['case', ['get', 'pending'], '#fd7e14', '#ffffff'],
        }}
      />
    </Source>
  );
}
