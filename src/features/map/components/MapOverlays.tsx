import { useMemo } from 'react';
import { Layer, Source } from 'react-map-gl/maplibre';
import { useRegions } from '#src/device/hooks/useTeams.ts';
import { asRegionGeometry, REGION_STYLE } from '#src/domain/regionGeometry.ts';
import { MAP_SETTINGS, type MapLayer } from '../utils/mapSettings.ts';
import { StateLabels } from './StateLabels.tsx';

/**
 * Everything the map draws under the pins, each only while its toggle is on. The shipped
 * geography (state names, counties, ZIP codes, cities) and the org's regions wait until the pins
 * are drawn, so they never delay them: each source added before then costs the opening map another
 * frame or two.
 */
export function MapOverlays({
  layers,
  dark,
  userId,
  deferred,
  beforeId,
}: {
  layers: Record<MapLayer, boolean>;
  dark: boolean;
  userId: string;
  deferred: boolean;
  /** The lowest pin layer: overlays added later still go under the pins. */
  beforeId: string | undefined;
}) {
  const regions = useRegions(Boolean(layers.regions));
  const regionShapes = useMemo<GeoJSON.FeatureCollection>(
    () => ({
      type: 'FeatureCollection',
      features: regions
        .filter((r) => !r.deleted_at && asRegionGeometry(r.geometry))
        .map((r) => {
          const mine = Array.isArray(r.manager_ids) && r.manager_ids.includes(userId);
          return {
            type: 'Feature',
            geometry: r.geometry as unknown as GeoJSON.Geometry,
            // The region's own colour, else the spec's fill for the viewer's regions or others'.
            properties: {
              name: r.name ?? '',
              fill: r.color || (mine ? REGION_STYLE.fillMine : REGION_STYLE.fillOther),
            },
          };
        }),
    }),
    [regions, userId],
  );
  const label = (field: string) => ['concat', 'label:', dark ? 'dark:' : 'light:', ['get', field]] as never;
  const raster = (id: string, tiles: string | undefined, on: boolean) =>
    on && tiles ? (
      <Source key={id} id={id} type="raster" tiles={[tiles]} tileSize={256}>
        <Layer id={`${id}-layer`} beforeId={beforeId} type="raster" paint={{ 'raster-opacity': 0.7 }} />
      </Source>
    ) : null;

  return (
    <>
      {!deferred && <StateLabels dark={dark} beforeId={beforeId} />}
      {!deferred && layers.counties && (
        <Source id="counties" type="geojson" data="/geo/counties.json">
          <Layer
            beforeId={beforeId}
            id="counties-line"
            type="line"
            minzoom={5}
            paint={{ 'line-color': dark ? '#4a5468' : '#b8c2cc', 'line-width': 0.6 }}
          />
        </Source>
      )}
      {raster('weather', MAP_SETTINGS.weatherTiles, layers.weather)}
      {raster('traffic', MAP_SETTINGS.trafficTiles, layers.traffic)}
      {raster('properties', MAP_SETTINGS.propertyTiles, layers.properties)}
      {layers.providers && MAP_SETTINGS.providersUrl && (
        <Source id="providers" type="geojson" data={MAP_SETTINGS.providersUrl}>
          <Layer
            id="providers-line"
            beforeId={beforeId}
            type="line"
            paint={{ 'line-color': '#f08c00', 'line-width': 1.5 }}
          />
        </Source>
      )}
      {!deferred && layers.regions && (
        <Source id="regions" type="geojson" data={regionShapes}>
          <Layer
            beforeId={beforeId}
            id="regions-fill"
            type="fill"
            paint={{
              'fill-color': ['get', 'fill'],
              'fill-opacity': REGION_STYLE.fillOpacity,
            }}
          />
          <Layer
            beforeId={beforeId}
            id="regions-line"
            type="line"
            paint={{
              'line-color': REGION_STYLE.stroke,
              'line-opacity': REGION_STYLE.strokeOpacity,
              'line-width': REGION_STYLE.strokeWeight,
            }}
          />
        </Source>
      )}
      {!deferred && layers.zips && (
        <Source id="zips" type="geojson" data="/geo/zips.json">
          <Layer
            beforeId={beforeId}
            id="zips-label"
            type="symbol"
            minzoom={11}
            layout={{ 'icon-image': label('zip'), 'icon-allow-overlap': false }}
          />
        </Source>
      )}
      {!deferred && layers.cities && (
        <Source id="cities" type="geojson" data="/geo/cities.json">
          <Layer
            beforeId={beforeId}
            id="cities-label"
            type="symbol"
            minzoom={6}
            layout={{
              'icon-image': label('name'),
              'icon-allow-overlap': false,
              'symbol-sort-key': ['-', 0, ['get', 'rank']],
            }}
          />
        </Source>
      )}
    </>
  );
}
