import type { Map as MapLibreMap } from 'maplibre-gl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type HexColor, TerraDraw, TerraDrawPolygonMode, TerraDrawSelectMode } from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import { REGION_STYLE, type RegionGeometry } from '#src/domain/regionGeometry.ts';

type Polygon = Extract<RegionGeometry, { type: 'Polygon' }>;

/** The spec's polygon style for the outline being drawn or edited, filled with the region's colour. */
function styles(fill: string) {
  const color = fill as HexColor;
  const stroke = REGION_STYLE.stroke as HexColor;
  return {
    polygon: {
      fillColor: color,
      fillOpacity: REGION_STYLE.fillOpacity,
      outlineColor: stroke,
      outlineOpacity: REGION_STYLE.strokeOpacity,
      outlineWidth: REGION_STYLE.strokeWeight,
      closingPointColor: color,
      closingPointOutlineColor: '#1c7ed6' as HexColor,
    },
    select: {
      selectedPolygonColor: color,
      selectedPolygonFillOpacity: REGION_STYLE.fillOpacity,
      selectedPolygonOutlineColor: stroke,
      selectedPolygonOutlineOpacity: REGION_STYLE.strokeOpacity,
      selectedPolygonOutlineWidth: REGION_STYLE.strokeWeight,
      selectionPointColor: color,
      selectionPointOutlineColor: '#1c7ed6' as HexColor,
      midPointColor: stroke,
      midPointOutlineColor: color,
    },
  };
}

/**
 * Drawing and editing a region's outline on a MapLibre map with terra-draw: with no outline yet,
 * each click places a corner and a click on the first (or last) corner closes it; a closed
 * outline is selected so its corners can be dragged, added (midpoints) and removed. Every finished
 * drawing or edit reports the polygon; `restart` clears it to draw anew.
 */
export function useRegionDraw({
  map,
  enabled,
  initial,
  color,
  onChange,
}: {
  map: MapLibreMap | undefined;
  enabled: boolean;
  initial: RegionGeometry | null;
  color: string;
  onChange(geometry: Polygon | null): void;
}) {
  const drawRef = useRef<TerraDraw | undefined>(undefined);
  const changeRef = useRef(onChange);
  changeRef.current = onChange;
  // The outline as last drawn: loaded on opening, and again when a new map style (light or dark)
  // drops the drawing's layers; later changes come from the drawing itself.
  const outlineRef = useRef(initial);
  const colorRef = useRef(color);
  const [drawing, setDrawing] = useState(false);
  const [styleLoads, setStyleLoads] = useState(0);

  useEffect(() => {
    if (!map) return;
    const reloaded = () => setStyleLoads((n) => n + 1);
    map.on('style.load', reloaded);
    return () => {
      map.off('style.load', reloaded);
    };
  }, [map]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new style (styleLoads) starts the drawing again
  useEffect(() => {
    if (!map || !enabled) return;
    const look = styles(colorRef.current);
    const draw = new TerraDraw({
      adapter: new TerraDrawMapLibreGLAdapter({ map }),
      modes: [
        new TerraDrawPolygonMode({ styles: look.polygon }),
        new TerraDrawSelectMode({
          styles: look.select,
          flags: {
            polygon: {
              feature: {
                draggable: false,
                coordinates: { draggable: true, midpoints: true, deletable: true },
              },
            },
          },
        }),
      ],
    });
    draw.start();
    const start = outlineRef.current;
    const id = crypto.randomUUID();
    const loaded =
      start?.type === 'Polygon' &&
      draw.addFeatures([{ id, type: 'Feature', geometry: start, properties: { mode: 'polygon' } }])[0]?.valid;
    if (loaded) draw.selectFeature(id);
    else draw.setMode('polygon');
    setDrawing(!loaded);

    const finish = (finished: string | number, context: { action: string }) => {
      const feature = draw.getSnapshotFeature(finished);
      if (feature?.geometry.type === 'Polygon') {
        outlineRef.current = feature.geometry as Polygon;
        changeRef.current(feature.geometry as Polygon);
      }
      if (context.action === 'draw') {
        draw.selectFeature(finished);
        setDrawing(false);
      }
    };
    draw.on('finish', finish);
    drawRef.current = draw;
    return () => {
      draw.off('finish', finish);
      // After a style swap its layers are already gone; stopping then has nothing left to remove.
      try {
        draw.stop();
      } catch {}
      drawRef.current = undefined;
    };
  }, [map, enabled, styleLoads]);

  useEffect(() => {
    colorRef.current = color;
    const draw = drawRef.current;
    if (!draw || !/^#[0-9a-fA-F]{6}$/.test(color)) return;
    const look = styles(color);
    draw.updateModeOptions<typeof TerraDrawPolygonMode>('polygon', { styles: look.polygon });
    draw.updateModeOptions<typeof TerraDrawSelectMode>('select', { styles: look.select });
  }, [color]);

  const restart = useCallback(() => {
    const draw = drawRef.current;
    if (!draw) return;
    draw.clear();
    draw.setMode('polygon');
    setDrawing(true);
    outlineRef.current = null;
    changeRef.current(null);
  }, []);

  return { drawing, restart };
}
