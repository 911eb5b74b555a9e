import { Box, Button, Group, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import MapGL, { Layer, NavigationControl, Source } from 'react-map-gl/maplibre';
import { useDealStages } from '#src/device/hooks/useDealStages.ts';
import { REGION_STYLE, type RegionGeometry, regionBounds } from '#src/domain/regionGeometry.ts';
import { PHOENIX, PinLayers, usePinMap } from '#src/features/map/index.ts';
import { useRegionDraw } from '../hooks/useRegionDraw.ts';

/**
 * The region on a map with its contacts' pins. Editable: its outline is drawn and reshaped with
 * terra-draw (useRegionDraw); otherwise drawn in the spec's polygon style.
 */
export function RegionMap({
  geometry,
  color,
  contactIds,
  editable = false,
  onChange,
}: {
  geometry: RegionGeometry | null;
  color: string;
  contactIds: readonly string[];
  editable?: boolean;
  onChange?(geometry: RegionGeometry | null): void;
}) {
  const { t } = useTranslation('regions');
  const { service, mapRef, attachMap, loaded, onLoad, pinSource, redraw, style } = usePinMap();
  const stages = useDealStages();
  const map = loaded ? mapRef.current?.getMap() : undefined;
  const draw = useRegionDraw({
    map,
    enabled: editable,
    initial: geometry,
    color,
    onChange: (g) => onChange?.(g),
  });

  // Only the region's contacts show as pins.
  useEffect(() => {
    if (!service || !loaded) return;
    let live = true;
    void (async () => {
      await service.setStages(stages);
      await service.setFilters({ ids: [...contactIds] });
      if (live) await redraw();
    })();
    return () => {
      live = false;
    };
  }, [service, loaded, stages, contactIds, redraw]);

  // The map opens on the outline it was given; drawing does not move it.
  const [initialView] = useState(() =>
    geometry ? { bounds: regionBounds(geometry), fitBoundsOptions: { padding: 40, maxZoom: 15 } } : PHOENIX,
  );
  const shape = useMemo<GeoJSON.Feature | null>(
    () => (geometry ? { type: 'Feature', geometry: geometry as GeoJSON.Geometry, properties: {} } : null),
    [geometry],
  );

  return (
    <Box>
      <Box role="region" aria-label={t('regions.mapLabel')} pos="relative" h={{ base: 320, md: 440 }}>
        <MapGL
          ref={attachMap}
          initialViewState={initialView}
          mapStyle={style}
          onLoad={onLoad}
          onMoveEnd={() => void redraw()}
          attributionControl={{ compact: true }}
          style={{ position: 'absolute', inset: 0, borderRadius: 8 }}
        >
          <NavigationControl position="bottom-right" showCompass={false} />
          {!editable && shape && (
            <Source id="region-shape" type="geojson" data={shape}>
              <Layer
                id="region-fill"
                type="fill"
                paint={{ 'fill-color': color, 'fill-opacity': REGION_STYLE.fillOpacity }}
              />
              <Layer
                id="region-line"
                type="line"
                paint={{
                  'line-color': REGION_STYLE.stroke,
                  'line-opacity': REGION_STYLE.strokeOpacity,
                  'line-width': REGION_STYLE.strokeWeight,
                }}
              />
            </Source>
          )}
          <PinLayers data={pinSource.data} />
        </MapGL>
      </Box>
      {editable && (
        <Group justify="space-between" mt="xs" wrap="wrap">
          <Text size="sm">{t(draw.drawing ? 'regions.drawHint' : 'regions.editHint')}</Text>
          <Button variant="default" size="xs" onClick={draw.restart}>
            {t('regions.redraw')}
          </Button>
        </Group>
      )}
    </Box>
  );
}
