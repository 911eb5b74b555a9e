import 'maplibre-gl/dist/maplibre-gl.css';
import { Box, Paper, Text, useComputedColorScheme } from '@mantine/core';
import { setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import MapGL, { type MapLayerMouseEvent, type MapRef, NavigationControl } from 'react-map-gl/maplibre';
import { useDealStages } from '../../device/hooks/useDealStages.ts';
import { useDatabaseName, useLastPinChange } from '../../device/hooks/useLeads.ts';
import { installLabelImages } from '../map/labelImages.ts';
import { MAP_SETTINGS } from '../map/mapSettings.ts';
import { offlineStyle } from '../map/offlineStyle.ts';
import { PinLayers } from '../map/PinLayers.tsx';
import { pinsInView, usePinService } from '../map/pins/usePinService.ts';
import type { TableViewProps } from '../tables/viewProps.ts';
import { useViewRendered } from './useViewRendered.ts';

setWorkerUrl(workerUrl);

const EMPTY: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };
const PHOENIX = { longitude: -112.07, latitude: 33.45, zoom: 9 };

/** The view's contacts on the map: the map's own pin worker, limited to the view's rows. */
export default function MapView({ table, rows, openRow }: TableViewProps) {
  const { t } = useTranslation();
  useViewRendered();
  if (table.key !== 'contacts') return <Text c="dimmed">{t('tableViews.mapContactsOnly')}</Text>;
  return <ContactsMap rows={rows} openRow={openRow} />;
}

function ContactsMap({ rows, openRow }: Pick<TableViewProps, 'rows' | 'openRow'>) {
  const { t } = useTranslation();
  const dark = useComputedColorScheme('light') === 'dark';
  const { service } = usePinService(useDatabaseName());
  const stages = useDealStages();
  const lastPinChange = useLastPinChange();
  const mapRef = useRef<MapRef>(null);
  const [loaded, setLoaded] = useState(false);
  const [pins, setPins] = useState<GeoJSON.FeatureCollection>(EMPTY);
  const [shown, setShown] = useState(0);
  const style = useMemo(() => MAP_SETTINGS.styleUrl ?? offlineStyle(dark), [dark]);
  const ids = useMemo(() => rows.map((r) => r._id), [rows]);

  const redraw = useCallback(async () => {
    const map = mapRef.current;
    if (!map || !service) return;
    setPins(await pinsInView(map, service));
  }, [service]);

  // The view's rows decide which pins show; the map frames them when they change.
  useEffect(() => {
    if (!service || !loaded) return;
    let live = true;
    void (async () => {
      await service.setStages(stages);
      const count = await service.setFilters({ ids });
      if (!live) return;
      setShown(count);
      const bounds = await service.bounds();
      if (live && bounds) mapRef.current?.fitBounds(bounds, { padding: 40, duration: 0, maxZoom: 17 });
      await redraw();
    })();
    return () => {
      live = false;
    };
  }, [service, loaded, stages, ids, redraw]);

  // A knock, a pull or a board move changes pins: take it in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the sequence value is the trigger
  useEffect(() => {
    if (!service || !loaded) return;
    void service.refresh().then(async (changed) => {
      if (changed) await redraw();
    });
  }, [service, loaded, lastPinChange, redraw]);

  const attachMap = useCallback((ref: MapRef | null) => {
    mapRef.current = ref;
    if (ref) installLabelImages(ref.getMap());
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
    if (props?.id) openRow(props.id);
  }

  return (
    <Box role="region" aria-label={t('tableViews.mapLabel')} pos="relative" h="70vh" mih={320}>
      <MapGL
        ref={attachMap}
        initialViewState={PHOENIX}
        mapStyle={style}
        onLoad={() => setLoaded(true)}
        onMoveEnd={() => void redraw()}
        onClick={(e) => void onClick(e)}
        interactiveLayerIds={['pins-cluster', 'pins-point']}
        cursor="pointer"
        attributionControl={{ compact: true }}
        style={{ position: 'absolute', inset: 0, borderRadius: 8 }}
      >
        <NavigationControl position="bottom-right" showCompass={false} />
        <PinLayers data={pins} />
      </MapGL>
      <Paper pos="absolute" top={8} left={8} px="xs" py={4} shadow="xs">
        <Text size="xs" role="status">
          {t('tableViews.mapShown', { count: shown })}
        </Text>
      </Paper>
    </Box>
  );
}
