import { useCallback, useEffect, useRef, useState } from 'react';
import { type PinViewEntry, usePinViewStore } from '#src/device/hooks/usePinView.ts';
import type { DealStage } from '#src/domain/dealStages.ts';
import { type PinFilters, pinViewKey } from '../pins/PinClusters.ts';
import { type PinsInView, viewOf } from '../pins/usePinService.ts';
import type { PinMap } from './usePinMap.ts';

/** Bounds this close are the same view (they come back from the same saved centre and zoom). */
const SAME_BOUNDS = 1e-9;

/** Whether a kept view is what the worker would answer for the map as it opened. */
export function keptViewFits(
  kept: PinViewEntry,
  now: { bbox: readonly number[]; zoom: number },
  key: string,
): boolean {
  return (
    kept.key === key &&
    kept.zoom === now.zoom &&
    kept.bbox.length === now.bbox.length &&
    kept.bbox.every((v, i) => Math.abs(v - (now.bbox[i] as number)) <= SAME_BOUNDS)
  );
}

/**
 * The lead map's kept view. Each view the worker draws is kept on the device; on opening, if the
 * map opens on that same view with the same stages and filters and no pin has changed since, it
 * is drawn at once, while the worker is still loading every pin. Answers the function that keeps a
 * drawn view (for `usePinMap`) and the counts of the view shown from it, if one was.
 */
export function useKeptPinView() {
  const store = usePinViewStore();
  const [kept, setKept] = useState<PinViewEntry | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    store
      .read()
      .then((view) => live && setKept(view ?? null))
      .catch(() => live && setKept(null));
    return () => {
      live = false;
    };
  }, [store]);

  const keep = useCallback(
    (view: PinsInView) => {
      const { collection, version, key, shown, total, bbox, zoom, previewing } = view;
      // A pin shown ahead of its write is not kept: the write may yet fail.
      if (previewing) return;
      // A view not kept only costs the next opening its head start.
      store
        .save({ version, key, shown, total, bbox, zoom, features: collection.features })
        .catch(() => undefined);
    },
    [store],
  );
  return { kept, keep };
}

/**
 * Where the opening stands with a kept view: not yet known whether it fits the map ('deciding'),
 * drawn and the map not yet at rest with it ('shown'), not fitting ('unfit'), or past ('done').
 */
export type KeptViewStage = 'deciding' | 'shown' | 'unfit' | 'done';

/** How long a shown kept view holds the worker's read at most, should the map not come to rest. */
export const KEPT_VIEW_HOLD_MS = 2000;

/**
 * Whether the pin worker waits before reading every pin. The map's own first small reads (the
 * kept view, the stages) go first; and a kept view that fits is drawn and rested on before the
 * worker reads 100,000 pins, which would otherwise take the device's cores from the map's first
 * frames.
 */
export function holdsPinRead(
  kept: PinViewEntry | null | undefined,
  stagesRead: boolean,
  stage: KeptViewStage,
): boolean {
  if (kept === undefined || !stagesRead) return true;
  if (kept === null) return false;
  return stage === 'deciding' || stage === 'shown';
}

/**
 * Draws the kept view once, as soon as the map exists (its view known) and the stages are read:
 * before its style has loaded, the pins then load with the map's first tiles. Says whether it
 * fitted through `setStage`.
 */
export function useShowKeptView(
  { created, mapRef, showKept }: Pick<PinMap, 'created' | 'mapRef' | 'showKept'>,
  kept: PinViewEntry | null | undefined,
  stages: DealStage[] | undefined,
  filters: PinFilters,
  setStage: (stage: KeptViewStage) => void,
): { shown: number; total: number } | undefined {
  const [counts, setCounts] = useState<{ shown: number; total: number }>();
  const tried = useRef(false);
  useEffect(() => {
    const map = mapRef.current;
    if (tried.current || !created || !map || kept === undefined || !stages) return;
    tried.current = true;
    if (!kept || !keptViewFits(kept, viewOf(map), pinViewKey(stages, filters))) {
      setStage('unfit');
      return;
    }
    showKept({ type: 'FeatureCollection', features: kept.features });
    performance.mark('pins-kept-shown');
    setCounts({ shown: kept.shown, total: kept.total });
    setStage('shown');
  }, [created, mapRef, kept, stages, filters, showKept, setStage]);
  return counts;
}

/** Ends a shown kept view's hold once the pins are drawn, or after `KEPT_VIEW_HOLD_MS` at most. */
export function useEndKeptViewHold(
  stage: KeptViewStage,
  setStage: (stage: KeptViewStage) => void,
  drawnOnce: boolean,
): void {
  useEffect(() => {
    if (stage !== 'shown') return;
    if (drawnOnce) return setStage('done');
    const timer = setTimeout(() => setStage('done'), KEPT_VIEW_HOLD_MS);
    return () => clearTimeout(timer);
  }, [stage, setStage, drawnOnce]);
}
