import type { Map as MapLibreMap } from 'maplibre-gl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useActor } from '#src/device/hooks/useActor.ts';
import { canReassignLeads } from '#src/domain/leadAssignment.ts';
import type { PinService } from '../pins/usePinService.ts';
import { type LassoArea, lassoAreaOf } from '../utils/lassoArea.ts';
import { useLassoDraw } from './useLassoDraw.ts';

/** A click this soon after the lasso closed is the one that closed it, not a tap on the map. */
const CLOSING_CLICK_MS = 400;

/**
 * "Select an area" on the lead map, for those who may reassign leads (`contacts.assign`, as the
 * table's "Assign to…"): drawing a lasso (Escape stops), then the ids of the shown pins inside it,
 * which the pin worker answers. `finish` takes a drawn geometry (the lasso's, or a test's).
 */
export function useLassoSelection(service: PinService | undefined, map: MapLibreMap | undefined) {
  const allowed = canReassignLeads(useActor());
  const [drawing, setDrawing] = useState(false);
  const [area, setArea] = useState<LassoArea | undefined>();
  const [ids, setIds] = useState<string[] | undefined>();
  const closedAt = useRef(0);
  // Only the newest lasso's answer counts (one drawn or cleared meanwhile replaces it).
  const round = useRef(0);

  const clear = useCallback(() => {
    round.current += 1;
    setArea(undefined);
    setIds(undefined);
  }, []);
  const start = useCallback(() => {
    clear();
    setDrawing(true);
  }, [clear]);
  const cancel = useCallback(() => setDrawing(false), []);
  const finish = useCallback(
    async (drawn: unknown) => {
      closedAt.current = Date.now();
      setDrawing(false);
      const next = lassoAreaOf(drawn);
      if (!next || !service) return;
      const mine = ++round.current;
      setArea(next);
      setIds(undefined);
      const inside = await service.inArea(next);
      if (mine === round.current) setIds(inside);
    },
    [service],
  );

  useLassoDraw({ map, active: allowed && drawing, onDrawn: (drawn) => void finish(drawn) });
  useEffect(() => {
    if (!drawing) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') cancel();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawing, cancel]);

  return {
    allowed,
    /** The pins are loaded, so a lasso can be answered. */
    ready: service !== undefined,
    drawing,
    start,
    cancel,
    finish,
    area,
    ids,
    clear,
    /** Whether a map click belongs to the lasso (while drawing, or the click that closed it). */
    ownsClick: () => drawing || Date.now() - closedAt.current < CLOSING_CLICK_MS,
  };
}

export type LassoState = ReturnType<typeof useLassoSelection>;
