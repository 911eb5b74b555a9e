import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { type HexColor, TerraDraw, TerraDrawPolygonMode, TerraDrawSelectMode } from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import { REGION_STYLE } from '#src/domain/regionGeometry.ts';
import type { TurfPolygon } from '#src/domain/turfGeometry.ts';

export interface DrawnTurf {
  id: string;
  color: string;
  polygon: TurfPolygon;
}

const colorOf = (feature: { properties: Record<string, unknown> }) =>
  (typeof feature.properties.color === 'string'
    ? feature.properties.color
    : REGION_STYLE.fillMine) as HexColor;
const stroke = REGION_STYLE.stroke as HexColor;

/**
 * The turfs of a cut under review on a MapLibre map with terra-draw, as the region editor draws
 * its outline (useRegionDraw.ts): each turf in its colour; a click selects one so its corners can
 * be dragged, added (midpoints) and removed. Each finished change reports the turf's new outline.
 * The turfs are drawn afresh whenever `cutKey` changes (a new cut), not on every change reported.
 */
export function useTurfDraw({
  map,
  turfs,
  cutKey,
  onChange,
}: {
  map: MapLibreMap | undefined;
  turfs: readonly DrawnTurf[];
  cutKey: number;
  onChange(id: string, polygon: TurfPolygon): void;
}) {
  const changeRef = useRef(onChange);
  changeRef.current = onChange;
  const turfsRef = useRef(turfs);
  turfsRef.current = turfs;
  // A new map style (light or dark) drops the drawing's layers: draw again.
  const [styleLoads, setStyleLoads] = useState(0);

  useEffect(() => {
    if (!map) return;
    const reloaded = () => setStyleLoads((n) => n + 1);
    map.on('style.load', reloaded);
    return () => {
      map.off('style.load', reloaded);
    };
  }, [map]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new cut (cutKey) or style (styleLoads) draws the turfs again
  useEffect(() => {
    if (!map) return;
    const draw = new TerraDraw({
      adapter: new TerraDrawMapLibreGLAdapter({ map }),
      modes: [
        new TerraDrawPolygonMode({
          styles: {
            fillColor: colorOf,
            fillOpacity: REGION_STYLE.fillOpacity,
            outlineColor: colorOf,
            outlineWidth: REGION_STYLE.strokeWeight,
          },
        }),
        new TerraDrawSelectMode({
          styles: {
            selectedPolygonColor: colorOf,
            selectedPolygonFillOpacity: REGION_STYLE.fillOpacity + 0.15,
            selectedPolygonOutlineColor: stroke,
            selectedPolygonOutlineWidth: REGION_STYLE.strokeWeight + 1,
            selectionPointColor: colorOf,
            selectionPointOutlineColor: stroke,
            midPointColor: stroke,
            midPointOutlineColor: colorOf,
          },
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
    draw.addFeatures(
      turfsRef.current.map((turf) => ({
        id: turf.id,
        type: 'Feature' as const,
        geometry: turf.polygon,
        properties: { mode: 'polygon', color: turf.color },
      })),
    );
    draw.setMode('select');
    const finish = (id: string | number) => {
      const feature = draw.getSnapshotFeature(id);
      if (feature?.geometry.type === 'Polygon')
        changeRef.current(String(id), feature.geometry as TurfPolygon);
    };
    draw.on('finish', finish);
    return () => {
      draw.off('finish', finish);
      // After a style swap its layers are already gone; stopping then has nothing left to remove.
      try {
        draw.stop();
      } catch {}
    };
  }, [map, cutKey, styleLoads]);
}
