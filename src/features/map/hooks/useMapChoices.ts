import { useLocalStorage } from '@mantine/hooks';
import { type RefObject, useCallback, useEffect, useMemo, useRef } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import { useUserConfig } from '#src/device/hooks/useUserConfig.ts';
import { LEAD_MAP_LAYOUT, type MapLayout, mapLayoutSchema } from '#src/domain/schemas/userConfig.ts';
import { DEFAULT_LAYERS, MAP_LAYERS, type MapLayer, SATELLITE } from '../utils/mapSettings.ts';
import {
  followsConfigView,
  noteSyncedView,
  openedOnAddressView,
  readSavedView,
  readSyncedView,
  type SavedView,
  sameView,
  saveView,
} from '../utils/savedView.ts';

/** A moved map is saved to the user's configuration once it has rested this long (ms). */
const VIEW_SAVE_DELAY = 1500;

/** The lead map's layout in the user's configuration, when it has a valid one. */
function leadMapLayout(mapLayouts: unknown): MapLayout | undefined {
  if (!Array.isArray(mapLayouts)) return undefined;
  for (const entry of mapLayouts) {
    const parsed = mapLayoutSchema.safeParse(entry);
    if (parsed.success && parsed.data.name === LEAD_MAP_LAYOUT) return parsed.data;
  }
  return undefined;
}

/**
 * The lead map's choices that follow the user to every device: the layers shown, Map or Satellite,
 * and where the map was left, kept in the user's configuration (saved offline first, synced when online). This
 * device's own copy (local storage) is used until the configuration is on the device.
 */
export function useMapChoices() {
  const config = useUserConfig();
  const { saveMapLayout } = useCommands();
  const layout = useMemo(() => leadMapLayout(config?.map_layouts), [config?.map_layouts]);
  const [localLayers, setLocalLayers] = useLocalStorage<Record<string, boolean>>({
    key: 'hs.map.layers',
    defaultValue: DEFAULT_LAYERS,
  });
  const saved = layout?.layers ?? localLayers;
  const layers = useMemo(
    () =>
      Object.fromEntries(MAP_LAYERS.map((l) => [l, saved[l] ?? DEFAULT_LAYERS[l]])) as Record<
        MapLayer,
        boolean
      >,
    [saved],
  );
  // Map or Satellite: kept with the layers, under its own name.
  const satellite = saved[SATELLITE] ?? false;

  function save(next: Record<string, boolean>) {
    setLocalLayers(next);
    void saveMapLayout({ name: LEAD_MAP_LAYOUT, layers: next });
  }
  const setLayers = (next: Record<MapLayer, boolean>) => save({ ...next, [SATELLITE]: satellite });
  const setSatellite = (on: boolean) => save({ ...layers, [SATELLITE]: on });

  // Where this device left the map: read once, for the map's first view.
  const localView = useRef(readSavedView());
  const moved = useRef(false);
  const configView = layout?.view;

  const pendingView = useRef<SavedView | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const view = pendingView.current;
    pendingView.current = undefined;
    if (!view) return;
    noteSyncedView(view);
    void saveMapLayout({ name: LEAD_MAP_LAYOUT, view });
  }, [saveMapLayout]);
  useEffect(() => flush, [flush]);

  /** Remembers where the map rests: on this device at once, in the configuration a moment later. */
  function rememberView(view: SavedView, byUser: boolean) {
    if (byUser) moved.current = true;
    saveView(view);
    const rounded = roundView(view);
    if (sameView(rounded, configView)) return;
    pendingView.current = rounded;
    clearTimeout(timer.current);
    timer.current = setTimeout(flush, VIEW_SAVE_DELAY);
  }

  return {
    layers,
    setLayers,
    satellite,
    setSatellite,
    rememberView,
    hasSavedView: !!(configView ?? localView.current),
    savedView: localView.current,
    configView,
    localView,
    moved,
  };
}

/**
 * Once the configuration is on the device: a view saved on another device wins over this device's
 * own, unless the map was already moved here by hand or opened on a view in its address. Waits
 * for the map to exist (`drawnOnce`).
 */
export function useFollowSavedView(
  mapRef: RefObject<MapRef | null>,
  choices: ReturnType<typeof useMapChoices>,
  drawnOnce: boolean,
) {
  const { configView, localView, moved } = choices;
  // A view given in the address (a shared link, a reload of one) is where the map stays.
  const followed = useRef(openedOnAddressView());
  // biome-ignore lint/correctness/useExhaustiveDependencies: drawnOnce re-runs it once the map exists
  useEffect(() => {
    // A device that has not pulled the configuration yet waits for it (its first sync).
    if (followed.current || !configView) return;
    const follow = followsConfigView({
      configView,
      localView: localView.current,
      syncedView: readSyncedView(),
      movedHere: moved.current,
    });
    if (!follow) {
      followed.current = true;
      return;
    }
    const map = mapRef.current;
    if (!map) return;
    followed.current = true;
    localView.current = configView;
    saveView(configView);
    noteSyncedView(configView);
    map.jumpTo({ center: [configView.longitude, configView.latitude], zoom: configView.zoom });
  }, [configView, localView, moved, mapRef, drawnOnce]);
}

function roundView({ longitude, latitude, zoom }: SavedView): SavedView {
  const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
  return { longitude: round(longitude, 6), latitude: round(latitude, 6), zoom: round(zoom, 2) };
}
