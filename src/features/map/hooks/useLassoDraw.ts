import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { type HexColor, TerraDraw, TerraDrawFreehandMode } from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';

/** The lasso's line and fill while it is drawn (the map's selection blue). */
const LASSO = '#1c7ed6' as HexColor;

/**
 * A freehand lasso on a MapLibre map with terra-draw (as the region editor draws outlines), while
 * `active`: drag around the pins, or click, move and click again; the map holds still meanwhile.
 * Each finished loop is reported as drawn (a GeoJSON geometry). A new map style (light or dark)
 * drops the drawing's layers, so drawing starts again on it.
 */
export function useLassoDraw({
  map,
  active,
  onDrawn,
}: {
  map: MapLibreMap | undefined;
  active: boolean;
  onDrawn(geometry: unknown): void;
}) {
  const drawnRef = useRef(onDrawn);
  drawnRef.current = onDrawn;
  const [styleLoads, setStyleLoads] = useState(0);

  useEffect(() => {
    if (!map || !active) return;
    const reloaded = () => setStyleLoads((n) => n + 1);
    map.on('style.load', reloaded);
    return () => {
      map.off('style.load', reloaded);
    };
  }, [map, active]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new style (styleLoads) starts the drawing again
  useEffect(() => {
    if (!map || !active) return;
    const draw = new TerraDraw({
      adapter: new TerraDrawMapLibreGLAdapter({ map }),
      modes: [
        new TerraDrawFreehandMode({
          drawInteraction: 'click-move-or-drag',
          // Escape is the page's (it stops drawing altogether), not terra-draw's.
          keyEvents: null,
          styles: { fillColor: LASSO, fillOpacity: 0.15, outlineColor: LASSO, outlineWidth: 2 },
        }),
      ],
    });
    draw.start();
    draw.setMode('freehand');
    const finish = (finished: string | number) =>
      drawnRef.current(draw.getSnapshotFeature(finished)?.geometry);
    draw.on('finish', finish);
    return () => {
      draw.off('finish', finish);
      // After a style swap its layers are already gone; stopping then has nothing left to remove.
      try {
        draw.stop();
      } catch {}
    };
  }, [map, active, styleLoads]);
}
