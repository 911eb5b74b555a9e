import { Box, Paper, Text } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import MapGL, { NavigationControl } from 'react-map-gl/maplibre';
import { useDealStages } from '#src/device/hooks/useDealStages.ts';
import { usePinChanges } from '#src/device/hooks/useLeads.ts';
import { PHOENIX, PinLayers, StateLabels, usePinMap } from '#src/features/map/index.ts';
import { useViewRendered } from '../hooks/useViewRendered.ts';
import type { TableViewProps } from '../utils/viewProps.ts';

/** The view's contacts on the map: the map's own pin worker, limited to the view's rows. */
export default function MapView({ table, rows, openRow }: TableViewProps) {
  const { t } = useTranslation('tableViews');
  useViewRendered();
  if (table.key !== 'contacts') return <Text c="dimmed">{t('tableViews.mapContactsOnly')}</Text>;
  return <ContactsMap rows={rows} openRow={openRow} />;
}

function ContactsMap({ rows, openRow }: Pick<TableViewProps, 'rows' | 'openRow'>) {
  const { t } = useTranslation('tableViews');
  const { service, mapRef, attachMap, loaded, onLoad, pinSource, redraw, style, clickPins, dark } =
    usePinMap();
  const stages = useDealStages();
  const [shown, setShown] = useState(0);
  const ids = useMemo(() => rows.map((r) => r._id), [rows]);

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
  }, [service, loaded, stages, ids, redraw, mapRef]);

  // A knock, a pull or a board move changes pins: take it in, as it commits (and what was
  // written before the map was ready).
  const takeChanges = useCallback(() => {
    if (!service || !loaded) return;
    void service.refresh().then(async (changed) => {
      if (changed) await redraw();
    });
  }, [service, loaded, redraw]);
  usePinChanges(takeChanges);
  useEffect(takeChanges, [takeChanges]);

  return (
    <Box role="region" aria-label={t('tableViews.mapLabel')} pos="relative" h="70vh" mih={320}>
      <MapGL
        ref={attachMap}
        initialViewState={PHOENIX}
        mapStyle={style}
        onLoad={onLoad}
        onMoveEnd={() => void redraw()}
        onClick={(e) => void clickPins(e, { onPin: openRow })}
        interactiveLayerIds={['pins-cluster', 'pins-point']}
        cursor="pointer"
        attributionControl={{ compact: true }}
        style={{ position: 'absolute', inset: 0, borderRadius: 8 }}
      >
        <NavigationControl position="bottom-right" showCompass={false} />
        <StateLabels dark={dark} />
        <PinLayers data={pinSource.data} />
      </MapGL>
      <Paper pos="absolute" top={8} left={8} px="xs" py={4} shadow="xs">
        <Text size="xs" role="status">
          {t('tableViews.mapShown', { count: shown })}
        </Text>
      </Paper>
    </Box>
  );
}
