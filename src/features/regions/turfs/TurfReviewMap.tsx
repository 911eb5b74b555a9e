import { Box } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import MapGL, { Layer, NavigationControl, Source } from 'react-map-gl/maplibre';
import { useDealStages } from '#src/device/hooks/useDealStages.ts';
import { REGION_STYLE, type RegionGeometry, regionBounds } from '#src/domain/regionGeometry.ts';
import type { TurfPolygon } from '#src/domain/turfGeometry.ts';
import { PinLayers, usePinMap } from '#src/features/map/index.ts';
import type { TurfDraft } from './turfDraft.ts';
import { useTurfDraw } from './useTurfDraw.ts';

/**
 * The cut's turfs over the region and its doors, each turf in its colour; a turf's corners are
 * dragged to adjust it (useTurfDraw.ts, terra-draw as in the region editor).
 */
export function TurfReviewMap({
  doorIds,
  region,
  review,
  onChange,
}: {
  doorIds: readonly string[];
  region: RegionGeometry;
  review: { drafts: TurfDraft[]; key: number };
  onChange(id: string, polygon: TurfPolygon): void;
}) {
  const { t } = useTranslation('regions');
  const { service, mapRef, attachMap, loaded, onLoad, pinSource, redraw, style } = usePinMap();
  const stages = useDealStages();
  const map = loaded ? mapRef.current?.getMap() : undefined;
  const drawn = useMemo(
    () => review.drafts.flatMap((d) => (d.polygon ? [{ id: d.id, color: d.color, polygon: d.polygon }] : [])),
    [review.drafts],
  );
  useTurfDraw({ map, turfs: drawn, cutKey: review.key, onChange });

  // The region's doors show as pins.
  useEffect(() => {
    if (!service || !loaded) return;
    let live = true;
    void (async () => {
      await service.setStages(stages);
      await service.setFilters({ ids: [...doorIds] });
      if (live) await redraw();
    })();
    return () => {
      live = false;
    };
  }, [service, loaded, stages, doorIds, redraw]);

  const [initialView] = useState(() => ({
    bounds: regionBounds(region),
    fitBoundsOptions: { padding: 40, maxZoom: 16 },
  }));
  const outline = useMemo<GeoJSON.Feature>(
    () => ({ type: 'Feature', geometry: region as GeoJSON.Geometry, properties: {} }),
    [region],
  );

  return (
    <Box role="region" aria-label={t('turfs.mapLabel')} pos="relative" h={{ base: 360, md: 480 }}>
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
        <Source id="turf-region" type="geojson" data={outline}>
          <Layer
            id="turf-region-line"
            type="line"
            paint={{ 'line-color': REGION_STYLE.fillMine, 'line-width': 2, 'line-dasharray': [2, 1] }}
          />
        </Source>
        <PinLayers data={pinSource.data} />
      </MapGL>
    </Box>
  );
}
