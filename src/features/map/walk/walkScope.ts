/** Which doors 'Plan my walk' looks at: the rep's turf, else the area they drew, else the map's view. */
import type { LassoArea } from '../utils/lassoArea.ts';

/** Below this zoom the view holds more than a walk's neighbourhood. */
export const MIN_WALK_ZOOM = 14;
/** More doors than this in the scope: the rep is asked for a smaller one. */
export const MAX_WALK_CANDIDATES = 5000;

export type WalkScopeKind = 'turf' | 'area' | 'view';

export interface ViewBounds {
  west: number;
  south: number;
  east: number;
  north: number;
  zoom: number;
}

/** The map's view as an area. */
export function viewArea(view: ViewBounds): LassoArea {
  const { west, south, east, north } = view;
  return {
    type: 'Polygon',
    coordinates: [
      [
        [west, south],
        [east, south],
        [east, north],
        [west, north],
        [west, south],
      ],
    ],
  };
}

/**
 * The walk's scope: the turf when the rep has one, else a drawn area, else the view (when zoomed in
 * enough); `zoomIn` when only a view too wide is left, `none` without any.
 */
export function walkScope(
  turf: LassoArea | undefined,
  drawn: LassoArea | undefined,
  view: ViewBounds | undefined,
): { kind: WalkScopeKind; area: LassoArea } | 'zoomIn' | 'none' {
  if (turf) return { kind: 'turf', area: turf };
  if (drawn) return { kind: 'area', area: drawn };
  if (!view) return 'none';
  if (view.zoom < MIN_WALK_ZOOM) return 'zoomIn';
  return { kind: 'view', area: viewArea(view) };
}
