/** Where the lead map was left on this device (the user's configuration carries it to their others). */
const VIEW_KEY = 'hs.map.view';

export interface SavedView {
  longitude: number;
  latitude: number;
  zoom: number;
}

export function readSavedView(): SavedView | null {
  return readView(VIEW_KEY);
}

function readView(key: string): SavedView | null {
  try {
    const view = JSON.parse(localStorage.getItem(key) ?? 'null') as SavedView | null;
    return view && Number.isFinite(view.longitude) && Number.isFinite(view.latitude) ? view : null;
  } catch {
    return null;
  }
}

export function saveView({ longitude, latitude, zoom }: SavedView): void {
  localStorage.setItem(VIEW_KEY, JSON.stringify({ longitude, latitude, zoom }));
}

/**
 * The view this device last sent to the user's configuration or took from it: a configuration
 * still holding it has nothing new from another device, and must not move a map this device has
 * moved since (a reload within the save delay would otherwise jump back).
 */
const SYNCED_VIEW_KEY = 'hs.map.view.synced';

export function readSyncedView(): SavedView | null {
  return readView(SYNCED_VIEW_KEY);
}

export function noteSyncedView({ longitude, latitude, zoom }: SavedView): void {
  localStorage.setItem(SYNCED_VIEW_KEY, JSON.stringify({ longitude, latitude, zoom }));
}

/** Whether the page was opened on a view written in its address (`#zoom/lat/lng`, a shared link). */
export function openedOnAddressView(): boolean {
  return /^#\d+(\.\d+)?\/-?\d/.test(window.location.hash);
}

/** Whether two views are the same place for the eye (a few centimetres, a hundredth of a zoom). */
export function sameView(a: SavedView | null | undefined, b: SavedView | null | undefined): boolean {
  if (!a || !b) return a === b;
  return (
    Math.abs(a.longitude - b.longitude) < 1e-6 &&
    Math.abs(a.latitude - b.latitude) < 1e-6 &&
    Math.abs(a.zoom - b.zoom) < 0.01
  );
}

/**
 * Whether the map should jump to the view in the user's configuration: only a view new to this
 * device (saved on another one), and only while the map here is where it opened by itself.
 */
export function followsConfigView({
  configView,
  localView,
  syncedView,
  movedHere,
}: {
  configView: SavedView;
  localView: SavedView | null;
  /** What this device last sent to or took from the configuration (readSyncedView). */
  syncedView: SavedView | null;
  /** Moved by hand here, or opened on a view in its address. */
  movedHere: boolean;
}): boolean {
  return !movedHere && !sameView(configView, localView) && !sameView(configView, syncedView);
}
