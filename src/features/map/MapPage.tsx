import 'maplibre-gl/dist/maplibre-gl.css';
import { Box, Button, Group, Paper, Stack, Text, useComputedColorScheme } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { type MapSourceDataEvent, setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import MapGL, {
  GeolocateControl,
  Layer,
  type MapLayerMouseEvent,
  type MapRef,
  NavigationControl,
  Popup,
  Source,
} from 'react-map-gl/maplibre';
import { useSyncStatus } from '../../device/DeviceProvider.tsx';
import { useCommands } from '../../device/hooks/useCommands.ts';
import { useDealStages } from '../../device/hooks/useDealStages.ts';
import { useDatabaseName, useLastPinChange } from '../../device/hooks/useLeads.ts';
import { useTeams } from '../../device/hooks/useTeams.ts';
import { useUsers } from '../../device/hooks/useUsers.ts';
import type { SignedInUser } from '../auth/session.ts';
import { type AreaView, OfflineAreasDialog } from '../offlineAreas/OfflineAreasDialog.tsx';
import { AddressSearch } from './geocoding/AddressSearch.tsx';
import { remoteGeocoder } from './geocoding/useGeocoder.ts';
import { GEOLOCATION_OPTIONS } from './geolocation.ts';
import { LeadPanel } from './LeadPanel.tsx';
import { installLabelImages } from './labelImages.ts';
import { MapControls } from './MapControls.tsx';
import { MapOverlays } from './MapOverlays.tsx';
import { DEFAULT_LAYERS, MAP_SETTINGS, type MapLayer } from './mapSettings.ts';
import { offlineStyle } from './offlineStyle.ts';
import { PinLayers } from './PinLayers.tsx';
import { PinMaker } from './PinMaker.tsx';
import type { PinFilters } from './pins/PinClusters.ts';
import { pinsInView, usePinService } from './pins/usePinService.ts';
import {
  TeamPathsControl,
  TeamPathsLayer,
  type TeamPathsState,
  useTeamPaths,
} from './tracking/TeamPathsLayer.tsx';
import { localToday } from './tracking/teamPaths.ts';
import { usePathTracking } from './tracking/usePathTracking.ts';

setWorkerUrl(workerUrl);

const PHOENIX = { longitude: -112.07, latitude: 33.45, zoom: 9 };
const EMPTY: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };
const VIEW_KEY = 'hs.map.view';
/** How often a stream of pin changes (a sync in progress) is taken into the map. */
const REFRESH_EVERY_MS = 250;
const FIRST_SYNC_REFRESH_EVERY_MS = 15_000;

function readSavedView(): typeof PHOENIX | null {
  try {
    const view = JSON.parse(localStorage.getItem(VIEW_KEY) ?? 'null') as typeof PHOENIX | null;
    return view && Number.isFinite(view.longitude) && Number.isFinite(view.latitude) ? view : null;
  } catch {
    return null;
  }
}

/**
 * The lead map at `/`: every contact on the device as a pin coloured by its status, clustered in
 * a worker, with filters, layers, one-tap knocks and the pin maker. Works with no network.
 */
export function MapPage({ user }: { user: SignedInUser }) {
  const { t } = useTranslation();
  const { resolveQueuedAddresses } = useCommands();
  const dark = useComputedColorScheme('light') === 'dark';
  const { service, total } = usePinService(useDatabaseName());
  const stages = useDealStages();
  // The last pin change on this device: any write to contacts (here, a pull, another tab) moves it.
  const lastPinChange = useLastPinChange();
  const users = useUsers();
  const teams = useTeams();
  const mapRef = useRef<MapRef>(null);
  const [loaded, setLoaded] = useState(false);
  const [pins, setPins] = useState<GeoJSON.FeatureCollection>(EMPTY);
  const [shown, setShown] = useState<number | undefined>();
  const [filters, setFilters] = useState<PinFilters>({});
  const [layers, setLayers] = useLocalStorage<Record<MapLayer, boolean>>({
    key: 'hs.map.layers',
    defaultValue: DEFAULT_LAYERS,
  });
  // Read once; written on every move without re-rendering the page.
  const [savedView] = useState(readSavedView);
  const [selected, setSelected] = useState<string | undefined>();
  const [dropAt, setDropAt] = useState<{ lng: number; lat: number; address?: string } | undefined>();
  const [makerAt, setMakerAt] = useState<{ lng: number; lat: number; address?: string } | undefined>();
  const [drawnOnce, setDrawnOnce] = useState(false);
  const style = useMemo(() => MAP_SETTINGS.styleUrl ?? offlineStyle(dark), [dark]);
  const tracking = usePathTracking();
  const [offlineView, setOfflineView] = useState<AreaView | undefined>();

  // Leads dropped without an address get one when the device is online (and a geocoder is set).
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
  const firstSyncDone = Boolean(useSyncStatus().lastSyncedAt);
  // Managers and admins see where their people walked (SPEC: paths for a chosen day).
  const seesTeamPaths = user.access === 'Manager' || user.access === 'Admin';
  const [teamPathsState, setTeamPathsState] = useState<TeamPathsState>(() => ({
    on: false,
    date: localToday(),
  }));
  const teamPaths = useTeamPaths(teamPathsState);

  /** Asks the worker for what is in view and hands it to the map. */
  const redraw = useCallback(async () => {
    const map = mapRef.current;
    if (!map || !service) return;
    setPins(await pinsInView(map, service));
  }, [service]);

  useEffect(() => {
    if (!service || !loaded) return;
    void service.setStages(stages).then(redraw);
  }, [service, loaded, stages, redraw]);

  useEffect(() => {
    if (!service || !loaded) return;
    void service.setFilters(filters).then((count) => {
      setShown(count);
      return redraw();
    });
  }, [service, loaded, filters, redraw]);

  // A single change shows at once; a burst of them is taken in at most every 250 ms.
  const lastRefresh = useRef(0);
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the sequence values are the trigger
  useEffect(() => {
    if (!service || !loaded) return;
    const refresh = () => {
      lastRefresh.current = performance.now();
      void service.refresh().then(async (changed) => {
        if (!changed) return;
        setShown((await service.counts()).shown);
        await redraw();
      });
    };
    // During the device's first sync the map takes the arriving pins in less often, leaving the
    // machine to the sync itself.
    const every = firstSyncDone ? REFRESH_EVERY_MS : FIRST_SYNC_REFRESH_EVERY_MS;
    const wait = lastRefresh.current + every - performance.now();
    if (wait <= 0) refresh();
    else if (!refreshTimer.current) {
      refreshTimer.current = setTimeout(() => {
        refreshTimer.current = undefined;
        refresh();
      }, wait);
    }
  }, [service, loaded, lastPinChange, redraw]);
  useEffect(() => () => clearTimeout(refreshTimer.current), []);
  // The last page of the first sync: take everything in at once.
  useEffect(() => {
    if (!firstSyncDone || !service || !loaded) return;
    void service.refresh().then(async () => {
      setShown((await service.counts()).shown);
      await redraw();
    });
  }, [firstSyncDone, service, loaded, redraw]);

  // First open on this device: frame every pin.
  useEffect(() => {
    if (!service || !loaded || savedView) return;
    void service.bounds().then((bounds) => {
      if (bounds) mapRef.current?.fitBounds(bounds, { padding: 40, duration: 0 });
    });
  }, [service, loaded, savedView]);

  // DESIGN.md contract: 'pins-drawn' once the map has drawn its pins after opening '/'; later
  // redraws (a knock, a pull, a filter) mark 'pins-updated' when they are on screen.
  // The shipped geography waits for that first mark, so it never delays the pins.
  const firstDrawPending = useRef(true);
  useEffect(() => {
    const map = mapRef.current?.getMap();
    if (!map || !service || pins === EMPTY) return;
    if (firstDrawPending.current) {
      firstDrawPending.current = false;
      map.once('idle', () => {
        performance.mark('pins-drawn');
        setDrawnOnce(true);
      });
      return;
    }
    // Later updates: the frame drawn once the pins source holds the new data (other layers still
    // loading, such as the cities, do not count).
    const onData = (event: MapSourceDataEvent) => {
      if (event.sourceId !== 'pins' || !event.isSourceLoaded || event.sourceDataType === 'metadata') return;
      map.off('sourcedata', onData);
      map.once('render', () => performance.mark('pins-updated'));
    };
    map.on('sourcedata', onData);
    return () => {
      map.off('sourcedata', onData);
    };
  }, [pins, service]);

  // As soon as the map exists, before its style asks for the first label or cluster icon.
  const attachMap = useCallback((ref: MapRef | null) => {
    mapRef.current = ref;
    if (ref) installLabelImages(ref.getMap());
  }, []);

  const onLoad = useCallback(() => {
    performance.mark('map-loaded');
    setLoaded(true);
  }, []);

  async function onClick(event: MapLayerMouseEvent) {
    const feature = event.features?.[0];
    const props = feature?.properties as { cluster?: boolean; cluster_id?: number; id?: string } | undefined;
    if (props?.cluster && props.cluster_id !== undefined && service && feature?.geometry.type === 'Point') {
      const zoom = await service.expansionZoom(props.cluster_id);
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      mapRef.current?.easeTo({ center: [lng, lat], zoom });
      return;
    }
    if (props?.id) {
      setDropAt(undefined);
      setSelected(props.id);
      return;
    }
    setSelected(undefined);
    setDropAt({ lng: event.lngLat.lng, lat: event.lngLat.lat });
  }

  function addAtMyLocation() {
    if (!('geolocation' in navigator)) {
      locationError();
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const at = { lng: position.coords.longitude, lat: position.coords.latitude };
        mapRef.current?.easeTo({ center: [at.lng, at.lat], zoom: Math.max(mapRef.current.getZoom(), 17) });
        setMakerAt(at);
      },
      locationError,
      GEOLOCATION_OPTIONS,
    );
  }

  function locationError() {
    notifications.show({ color: 'red', title: t('map.locationErrorTitle'), message: t('map.locationError') });
  }

  return (
    <Box
      role="region"
      aria-label={t('map.label')}
      pos="relative"
      style={{ height: 'calc(100dvh - 56px - 2 * var(--mantine-spacing-md))', minHeight: 320 }}
    >
      <MapGL
        ref={attachMap}
        initialViewState={savedView ?? PHOENIX}
        mapStyle={style}
        onLoad={onLoad}
        onMoveEnd={(e) => {
          const { longitude, latitude, zoom } = e.viewState;
          localStorage.setItem(VIEW_KEY, JSON.stringify({ longitude, latitude, zoom }));
          void redraw();
        }}
        onClick={(e) => void onClick(e)}
        interactiveLayerIds={layers.pins ? ['pins-cluster', 'pins-point'] : []}
        cursor="pointer"
        attributionControl={{ compact: true }}
        hash
        style={{ position: 'absolute', inset: 0, borderRadius: 8 }}
      >
        <NavigationControl position="bottom-right" showCompass={false} />
        <GeolocateControl
          position="bottom-right"
          positionOptions={GEOLOCATION_OPTIONS}
          trackUserLocation
          showAccuracyCircle
          onError={locationError}
        />
        <MapOverlays
          layers={layers}
          dark={dark}
          userId={user._id}
          deferred={!drawnOnce}
          beforeId={layers.pins && drawnOnce ? 'pins-cluster' : undefined}
        />
        <TeamPathsLayer
          data={teamPaths.data}
          beforeId={layers.pins && drawnOnce ? 'pins-cluster' : undefined}
        />
        <Source id="my-path" type="geojson" data={tracking.line}>
          <Layer
            id="my-path-line"
            type="line"
            layout={{ 'line-join': 'round', 'line-cap': 'round' }}
            paint={{ 'line-color': '#e8590c', 'line-width': 4, 'line-opacity': 0.85 }}
          />
        </Source>
        {layers.pins && <PinLayers data={pins} />}
        {dropAt && (
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

      <Group
        pos="absolute"
        top={8}
        left={8}
        right={8}
        justify="space-between"
        style={{ pointerEvents: 'none' }}
      >
        <Stack gap={4} style={{ pointerEvents: 'auto' }}>
          <Paper px="xs" py={4} shadow="xs">
            <Text size="xs" role="status" aria-label={t('map.pinsShown', { shown: shown ?? 0, total })}>
              {service ? t('map.pinsShown', { shown: shown ?? total, total }) : t('map.loadingPins')}
            </Text>
          </Paper>
          <AddressSearch
            service={service}
            near={() => {
              const c = mapRef.current?.getCenter();
              return { lng: c?.lng ?? PHOENIX.longitude, lat: c?.lat ?? PHOENIX.latitude };
            }}
            onPick={(result) => {
              mapRef.current?.easeTo({ center: [result.lng, result.lat], zoom: 18 });
              if (result.leadId) {
                setSelected(result.leadId);
                setDropAt(undefined);
              } else {
                setSelected(undefined);
                setDropAt({ lng: result.lng, lat: result.lat, address: result.address });
              }
            }}
          />
        </Stack>
        <Group gap="xs" style={{ pointerEvents: 'auto' }}>
          <Button size="xs" onClick={addAtMyLocation}>
            {t('map.addAtMyLocation')}
          </Button>
          {tracking.active ? (
            <Button size="xs" color="orange" onClick={() => void tracking.stop()}>
              {t('tracking.stop')} · {t('tracking.points', { count: tracking.pointCount })}
            </Button>
          ) : (
            <Button size="xs" variant="default" onClick={() => void tracking.start()}>
              {t('tracking.start')}
            </Button>
          )}
          <MapControls
            layers={layers}
            onLayers={setLayers}
            filters={filters}
            onFilters={setFilters}
            stages={stages}
            users={users}
            teams={teams}
            onSaveOffline={() => {
              const map = mapRef.current;
              if (!map) return;
              const b = map.getBounds();
              setOfflineView({
                bbox: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()],
                zoom: map.getZoom(),
              });
            }}
          />
        </Group>
      </Group>

      {seesTeamPaths && (
        <Box pos="absolute" bottom={8} left={8}>
          <TeamPathsControl state={teamPathsState} onChange={setTeamPathsState} result={teamPaths} />
        </Box>
      )}
      {selected && (
        <Box
          pos="absolute"
          top={48}
          left={8}
          w={{ base: 'calc(100% - 16px)', sm: 340 }}
          mah="calc(100% - 56px)"
        >
          <LeadPanel
            leadId={selected}
            userId={user._id}
            stages={stages}
            onClose={() => setSelected(undefined)}
          />
        </Box>
      )}
      <OfflineAreasDialog
        view={offlineView}
        onClose={() => setOfflineView(undefined)}
        onFlyTo={([west, south, east, north]) =>
          mapRef.current?.fitBounds(
            [
              [west, south],
              [east, north],
            ],
            { duration: 0 },
          )
        }
      />
      {makerAt && service && (
        <PinMaker
          position={makerAt}
          initialAddress={makerAt.address}
          service={service}
          onClose={() => setMakerAt(undefined)}
          onOpenLead={(id) => {
            setMakerAt(undefined);
            setSelected(id);
          }}
        />
      )}
    </Box>
  );
}
