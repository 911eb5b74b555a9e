import { Button } from '@mantine/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import MapGL, { GeolocateControl, Layer, NavigationControl, Popup, Source } from 'react-map-gl/maplibre';
import { rememberFix } from '#src/device/hooks/useKnockPosition.ts';
import type { MapPageState } from '../hooks/useMapPage.ts';
import { PHOENIX } from '../hooks/usePinMap.ts';
import { TeamPathsLayer } from '../tracking/TeamPathsLayer.tsx';
import { GEOLOCATION_OPTIONS } from '../utils/geolocation.ts';
import { WalkLayer } from '../walk/WalkLayer.tsx';
import { ImageryLayer } from './ImageryLayer.tsx';
import { LassoAreaLayer } from './LassoAreaLayer.tsx';
import { MapOverlays } from './MapOverlays.tsx';
import { MyTurfLayer } from './MyTurfLayer.tsx';
import { PinLayers } from './PinLayers.tsx';

/** The lead map itself: the base map, the aerial imagery when chosen, the overlays, paths, pins, and the 'add here' popup. */
export function LeadMapCanvas({ page, userId }: { page: MapPageState; userId: string }) {
  const { t } = useTranslation('map');
  const { pinMap, layers, drawnOnce, dropAt, setDropAt, setMakerAt, lasso } = page;
  const { onLoad: pinMapLoaded } = pinMap;
  const onLoad = useCallback(() => {
    performance.mark('map-loaded');
    pinMapLoaded();
  }, [pinMapLoaded]);
  // Overlays sit under the pins once the pins' layers exist.
  const beforeId = layers.pins && drawnOnce ? 'pins-cluster' : undefined;

  return (
    <MapGL
      ref={pinMap.attachMap}
      initialViewState={page.savedView ?? PHOENIX}
      mapStyle={pinMap.style}
      onLoad={onLoad}
      onMoveEnd={page.onMoveEnd}
      // While the lasso is drawn, the map's clicks are its corners, not taps on pins.
      onClick={(event) => {
        if (!lasso.ownsClick()) page.onClick(event);
      }}
      interactiveLayerIds={layers.pins && !lasso.drawing ? ['pins-cluster', 'pins-point'] : []}
      cursor={lasso.drawing ? 'crosshair' : 'pointer'}
      attributionControl={{ compact: true }}
      // Labels and cluster icons appear at once rather than fading in over 300 ms: the map is
      // ready (and idle) as soon as its pins are drawn.
      fadeDuration={0}
      hash
      style={{ position: 'absolute', inset: 0, borderRadius: 8 }}
    >
      <NavigationControl position="bottom-right" showCompass={false} />
      <GeolocateControl
        position="bottom-right"
        positionOptions={GEOLOCATION_OPTIONS}
        trackUserLocation
        showAccuracyCircle
        onGeolocate={(position) => rememberFix(position)}
        onError={page.locationError}
      />
      <ImageryLayer spec={page.imagery.spec} on={page.satellite} />
      <MapOverlays
        layers={layers}
        dark={pinMap.dark}
        userId={userId}
        deferred={!drawnOnce}
        beforeId={beforeId}
      />
      <TeamPathsLayer data={page.teamPaths.data} beforeId={beforeId} />
      {drawnOnce && <MyTurfLayer userId={userId} beforeId={beforeId} />}
      {/* The rep's own path joins once the pins are drawn, under them, as the overlays do. */}
      {drawnOnce && (
        <Source id="my-path" type="geojson" data={page.tracking.line}>
          <Layer
            id="my-path-line"
            type="line"
            beforeId={beforeId}
            layout={{ 'line-join': 'round', 'line-cap': 'round' }}
            paint={{ 'line-color': '#e8590c', 'line-width': 4, 'line-opacity': 0.85 }}
          />
        </Source>
      )}
      <LassoAreaLayer area={lasso.area} beforeId={beforeId} />
      {layers.pins && <PinLayers data={pinMap.pinSource.data} />}
      <WalkLayer data={page.walk.features} />
      {dropAt && page.canAddPins && (
        <Popup
          longitude={dropAt.lng}
          latitude={dropAt.lat}
          onClose={() => setDropAt(undefined)}
          closeOnClick={false}
        >
          <Button
            size="xs"
            onClick={() => {
              setMakerAt(dropAt);
              setDropAt(undefined);
            }}
          >
            {t('map.addHere')}
          </Button>
        </Popup>
      )}
    </MapGL>
  );
}
