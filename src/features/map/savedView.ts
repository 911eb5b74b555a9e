/** The lead map remembers where it was left, per device. */
const VIEW_KEY = 'hs.map.view';

export interface SavedView {
  longitude: number;
  latitude: number;
  zoom: number;
}

export function readSavedView(): SavedView | null {
  try {
    const view = JSON.parse(localStorage.getItem(VIEW_KEY) ?? 'null') as SavedView | null;
    return view && Number.isFinite(view.longitude) && Number.isFinite(view.latitude) ? view : null;
  } catch {
    return null;
  }
}

export function saveView({ longitude, latitude, zoom }: SavedView): void {
  localStorage.setItem(VIEW_KEY, JSON.stringify({ longitude, latitude, zoom }));
}
