import { useCallback } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import type { WalkPoint } from '#src/domain/walkRoute.ts';
import type { PinMap } from '../hooks/usePinMap.ts';
import type { LassoArea } from '../utils/lassoArea.ts';
import { useWalk } from './useWalk.ts';

function viewOf(map: MapRef | null) {
  if (!map) return undefined;
  const b = map.getBounds();
  const c = map.getCenter();
  return {
    west: b.getWest(),
    south: b.getSouth(),
    east: b.getEast(),
    north: b.getNorth(),
    zoom: map.getZoom(),
    center: { lng: c.lng, lat: c.lat },
  };
}

/**
 * 'Plan my walk' on the lead map: the doors of the rep's turf (`turf`, when they have one), else of
 * the lasso's area, else in view; 'Next door' opens its panel and brings it into view.
 */
export function useLeadMapWalk(
  pinMap: PinMap,
  drawn: LassoArea | undefined,
  openLead: (id: string) => void,
  turf?: LassoArea,
) {
  const { mapRef } = pinMap;
  const view = useCallback(() => viewOf(mapRef.current), [mapRef]);
  const open = useCallback(
    (id: string, at: WalkPoint) => {
      openLead(id);
      mapRef.current?.easeTo({ center: [at.lng, at.lat] });
    },
    [openLead, mapRef],
  );
  return useWalk({ service: pinMap.service, view, turf, drawn, openLead: open });
}
