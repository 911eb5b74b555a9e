import { useTranslation } from 'react-i18next';
import type { MapLayerMouseEvent, ViewStateChangeEvent } from 'react-map-gl/maplibre';
import type { GeocodeResult } from '#src/api/geocoder.ts';
import { rememberFix } from '#src/device/hooks/useKnockPosition.ts';
import type { AreaView } from '#src/features/offlineAreas/index.ts';
import { showToast } from '#src/ui/toasts.tsx';
import { GEOLOCATION_OPTIONS } from '../utils/geolocation.ts';
import {
  areaViewOf,
  cornersOf,
  type MapPoint,
  myLocationOutcome,
  searchPickOutcome,
} from '../utils/mapPage.ts';
import type { SavedView } from '../utils/savedView.ts';
import type { PinMap } from './usePinMap.ts';

/** What the lead map's clicks, moves, search and buttons do. */
export function useMapActions({
  pinMap,
  rememberView,
  openLead,
  dropPin,
  setMakerAt,
  setOfflineView,
}: {
  pinMap: PinMap;
  rememberView(view: SavedView, byUser: boolean): void;
  openLead(id: string | undefined): void;
  dropPin(at: MapPoint): void;
  setMakerAt(at: MapPoint | undefined): void;
  setOfflineView(view: AreaView | undefined): void;
}) {
  const { t } = useTranslation('map');
  const { mapRef, redraw } = pinMap;

  const onClick = (event: MapLayerMouseEvent) =>
    void pinMap.clickPins(event, {
      onPin: openLead,
      onMap: (e) => dropPin({ lng: e.lngLat.lng, lat: e.lngLat.lat }),
    });
  const onMoveEnd = (event: ViewStateChangeEvent) => {
    rememberView(event.viewState, !!event.originalEvent);
    void redraw();
  };
  const onSearchPick = (result: GeocodeResult) => {
    const outcome = searchPickOutcome(result);
    mapRef.current?.easeTo(outcome.camera);
    if (outcome.openLead) openLead(outcome.openLead);
    else if (outcome.dropAt) dropPin(outcome.dropAt);
  };
  const locationError = () =>
    showToast({ color: 'red', title: t('map.locationErrorTitle'), message: t('map.locationError') });
  const addAtMyLocation = () => {
    if (!('geolocation' in navigator)) {
      locationError();
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => {
        rememberFix(position);
        const { at, camera } = myLocationOutcome(position.coords, mapRef.current?.getZoom() ?? 0);
        mapRef.current?.easeTo(camera);
        setMakerAt(at);
      },
      locationError,
      GEOLOCATION_OPTIONS,
    );
  };
  const saveOffline = () => {
    const map = mapRef.current;
    if (map) setOfflineView(areaViewOf(map.getBounds(), map.getZoom()));
  };
  const flyTo = (bbox: readonly [number, number, number, number]) => {
    mapRef.current?.fitBounds(cornersOf(bbox), { duration: 0 });
  };

  return { onClick, onMoveEnd, onSearchPick, locationError, addAtMyLocation, saveOffline, flyTo };
}
