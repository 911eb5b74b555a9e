import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapLayerMouseEvent, ViewStateChangeEvent } from 'react-map-gl/maplibre';
import type { GeocodeResult } from '../../api/geocoder.ts';
import { useCommands } from '../../device/hooks/useCommands.ts';
import { useLoadedDealStages } from '../../device/hooks/useDealStages.ts';
import { rememberFix } from '../../device/hooks/useKnockPosition.ts';
import { DEFAULT_DEAL_STAGES } from '../../domain/dealStages.ts';
import { showToast } from '../../ui/toasts.tsx';
import type { SignedInUser } from '../auth/index.ts';
import type { AreaView } from '../offlineAreas/index.ts';
import { remoteGeocoder } from './geocoding/useGeocoder.ts';
import { GEOLOCATION_OPTIONS } from './geolocation.ts';
import type { PinFilters } from './pins/PinClusters.ts';
import { type TeamPathsState, useTeamPaths } from './tracking/TeamPathsLayer.tsx';
import { localToday } from './tracking/teamPaths.ts';
import { usePathTracking } from './tracking/usePathTracking.ts';
import { useKeptPinView, useShowKeptView } from './useKeptPinView.ts';
import { useLeadMapPins } from './useLeadMapPins.ts';
import { useFollowSavedView, useMapChoices } from './useMapChoices.ts';
import { usePinMap } from './usePinMap.ts';

/** A point on the map, with the address when it is known (a search result). */
export type MapPoint = { lng: number; lat: number; address?: string };

/** The lead map's state and what its controls do: the pins, the panels open, the layers and filters. */
export function useMapPage(user: SignedInUser) {
  const { t } = useTranslation('map');
  // Each view drawn is kept, so the next opening on it draws at once (useKeptPinView).
  const { kept, keep } = useKeptPinView();
  const pinMap = usePinMap({ onDrawn: keep });
  const { mapRef, redraw } = pinMap;
  const loadedStages = useLoadedDealStages();
  const stages = loadedStages ?? DEFAULT_DEAL_STAGES;
  const [filters, setFilters] = useState<PinFilters>({});
  const keptCounts = useShowKeptView(pinMap, kept, loadedStages, filters);
  const [selected, setSelected] = useState<string | undefined>();
  const [dropAt, setDropAt] = useState<MapPoint | undefined>();
  const [makerAt, setMakerAt] = useState<MapPoint | undefined>();
  const tracking = usePathTracking();
  const [offlineView, setOfflineView] = useState<AreaView | undefined>();
  useResolveQueuedAddresses();
  // Layers and the view follow the user to their other devices (their configuration).
  const choices = useMapChoices();
  const { layers, setLayers, rememberView, hasSavedView, savedView } = choices;
  // The pins wait for the org's stages (their colours): drawn once, not redrawn a moment later.
  const { shown, total, drawnOnce } = useLeadMapPins(pinMap, {
    stages: loadedStages,
    filters,
    hasSavedView,
    keptCounts,
  });
  useFollowSavedView(mapRef, choices, drawnOnce);
  // Managers and admins see where their people walked (SPEC: paths for a chosen day).
  const seesTeamPaths = user.access === 'Manager' || user.access === 'Admin';
  const [teamPathsState, setTeamPathsState] = useState<TeamPathsState>(() => ({
    on: false,
    date: localToday(),
  }));
  const teamPaths = useTeamPaths(teamPathsState);

  function openLead(id: string | undefined) {
    setDropAt(undefined);
    setSelected(id);
  }

  function dropPin(at: MapPoint) {
    setSelected(undefined);
    setDropAt(at);
  }

  function onClick(event: MapLayerMouseEvent) {
    void pinMap.clickPins(event, {
      onPin: openLead,
      onMap: (e) => dropPin({ lng: e.lngLat.lng, lat: e.lngLat.lat }),
    });
  }

  function onMoveEnd(event: ViewStateChangeEvent) {
    rememberView(event.viewState, !!event.originalEvent);
    void redraw();
  }

  function onSearchPick(result: GeocodeResult) {
    mapRef.current?.easeTo({ center: [result.lng, result.lat], zoom: 18 });
    if (result.leadId) openLead(result.leadId);
    else dropPin({ lng: result.lng, lat: result.lat, address: result.address });
  }

  function locationError() {
    showToast({ color: 'red', title: t('map.locationErrorTitle'), message: t('map.locationError') });
  }

  function addAtMyLocation() {
    if (!('geolocation' in navigator)) {
      locationError();
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => {
        rememberFix(position);
        const at = { lng: position.coords.longitude, lat: position.coords.latitude };
        mapRef.current?.easeTo({ center: [at.lng, at.lat], zoom: Math.max(mapRef.current.getZoom(), 17) });
        setMakerAt(at);
      },
      locationError,
      GEOLOCATION_OPTIONS,
    );
  }

  function saveOffline() {
    const map = mapRef.current;
    if (!map) return;
    const b = map.getBounds();
    setOfflineView({ bbox: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], zoom: map.getZoom() });
  }

  function flyTo([west, south, east, north]: readonly [number, number, number, number]) {
    mapRef.current?.fitBounds(
      [
        [west, south],
        [east, north],
      ],
      { duration: 0 },
    );
  }

  return {
    pinMap,
    stages,
    shown,
    total,
    drawnOnce,
    savedView,
    tracking,
    filters,
    setFilters,
    layers,
    setLayers,
    selected,
    setSelected,
    dropAt,
    setDropAt,
    makerAt,
    setMakerAt,
    offlineView,
    setOfflineView,
    seesTeamPaths,
    teamPathsState,
    setTeamPathsState,
    teamPaths,
    onClick,
    onMoveEnd,
    onSearchPick,
    locationError,
    addAtMyLocation,
    saveOffline,
    flyTo,
  };
}

/** Leads dropped without an address get one when the device is online (and a geocoder is set). */
function useResolveQueuedAddresses() {
  const { resolveQueuedAddresses } = useCommands();
  useEffect(() => {
    if (!remoteGeocoder) return;
    const geocoder = remoteGeocoder;
    const resolve = () => {
      if (!navigator.onLine) return;
      void resolveQueuedAddresses(geocoder);
    };
    resolve();
    window.addEventListener('online', resolve);
    return () => window.removeEventListener('online', resolve);
  }, [resolveQueuedAddresses]);
}

export type MapPageState = ReturnType<typeof useMapPage>;
