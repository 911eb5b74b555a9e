/**
 * The lead map's last drawn view: the clusters and pins the pin worker answered for it, kept so
 * the next opening of the same view draws them at once instead of waiting for the worker to load
 * 100,000 pins. Only ever shown while it is exactly what the worker would answer: the pin index
 * has not changed since (its version), and the view, stages and filters are the same.
 */
import type { CrmDatabase } from '../database.ts';
import { PIN_COMPACTED_THROUGH } from '../pinIndex.ts';

const PIN_VIEW = 'pin_view';

export interface PinViewEntry {
  /** The pin index version the features were drawn from (the worker's last change read). */
  version: number;
  /** [west, south, east, north] of the map when drawn, and its zoom as the worker rounds it. */
  bbox: [number, number, number, number];
  zoom: number;
  /** What else the features depend on (stages' colours, the filters), as one comparable string. */
  key: string;
  features: GeoJSON.Feature[];
  shown: number;
  total: number;
}

/**
 * The pin index's version: its newest change number, or (once a snapshot dropped every change
 * row) the change the snapshot holds up to. Every write to contacts raises it.
 */
async function pinIndexVersion(db: CrmDatabase): Promise<number> {
  const [last, compacted] = await Promise.all([
    db.pin_changes.toCollection().lastKey() as Promise<number | undefined>,
    db.meta.get(PIN_COMPACTED_THROUGH),
  ]);
  return Math.max(last ?? 0, Number(compacted?.value ?? 0));
}

/** The last drawn view, if the pin index has not changed since it was drawn. */
export async function currentPinView(db: CrmDatabase): Promise<PinViewEntry | undefined> {
  return db.transaction('r', [db.pin_changes, db.meta], async () => {
    const [entry, version] = await Promise.all([db.meta.get(PIN_VIEW), pinIndexVersion(db)]);
    const view = entry?.value as PinViewEntry | undefined;
    return view && view.version === version ? view : undefined;
  });
}

export async function savePinView(db: CrmDatabase, view: PinViewEntry): Promise<void> {
  await db.meta.put({ key: PIN_VIEW, value: view });
}
