/**
 * The lead map's pin timing rules (useLeadMapPins): how often a stream of pin changes is taken
 * into the map, which counts the pin count shows, and which map event means the pins' new data
 * is on screen.
 */

/** How often a stream of pin changes (a sync in progress) is taken into the map. */
export const REFRESH_EVERY_MS = 250;
/** During the device's first sync: less often, leaving the machine to the sync itself. */
export const FIRST_SYNC_REFRESH_EVERY_MS = 15_000;

/**
 * How long to wait before taking changes in (0 or less: now): a single change shows at once, a
 * burst of them is taken in at most every 250 ms (every 15 s during the first sync).
 */
export function refreshWait(lastRefresh: number, now: number, firstSyncDone: boolean): number {
  const every = firstSyncDone ? REFRESH_EVERY_MS : FIRST_SYNC_REFRESH_EVERY_MS;
  return lastRefresh + every - now;
}

export interface PinCounts {
  shown: number | undefined;
  total: number | undefined;
}

/** Whether the worker's counts are those already shown (then nothing draws again). */
export function sameCounts(was: PinCounts, now: PinCounts): boolean {
  return was.shown === now.shown && was.total === now.total;
}

/**
 * What the pin count shows: the worker's counts once it answered, else those of the kept view
 * drawn before it did; the total falls back to what the worker opened with.
 */
export function shownPinCounts(
  worker: PinCounts,
  kept: { shown: number; total: number } | undefined,
  openedWith: number,
): { shown: number | undefined; total: number } {
  return { shown: worker.shown ?? kept?.shown, total: worker.total ?? kept?.total ?? openedWith };
}

/** Whether a map data event says the pins source holds its new data (not only its metadata). */
export function isPinsDataLoaded(event: {
  sourceId?: string;
  isSourceLoaded?: boolean;
  sourceDataType?: string;
}): boolean {
  return event.sourceId === 'pins' && !!event.isSourceLoaded && event.sourceDataType !== 'metadata';
}

const samePoint = (a: GeoJSON.Geometry, b: GeoJSON.Geometry) =>
  a.type === 'Point' &&
  b.type === 'Point' &&
  a.coordinates[0] === b.coordinates[0] &&
  a.coordinates[1] === b.coordinates[1];

const sameProperties = (a: GeoJSON.GeoJsonProperties, b: GeoJSON.GeoJsonProperties) => {
  if (a === b) return true;
  if (!a || !b) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => a[key] === b[key]);
};

/**
 * Whether the pins in view are those already drawn: the same points with the same flat
 * properties, in the same order (then the map is not handed them again, which would cost a
 * frame to draw the same picture).
 */
export function sameFeatures(was: readonly GeoJSON.Feature[], now: readonly GeoJSON.Feature[]): boolean {
  if (was === now) return true;
  if (was.length !== now.length) return false;
  for (let i = 0; i < was.length; i++) {
    const a = was[i] as GeoJSON.Feature;
    const b = now[i] as GeoJSON.Feature;
    if (a.id !== b.id || !samePoint(a.geometry, b.geometry) || !sameProperties(a.properties, b.properties))
      return false;
  }
  return true;
}
