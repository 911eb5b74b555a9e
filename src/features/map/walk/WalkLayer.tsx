import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useState } from 'react';
import { Layer, Source, useMap } from 'react-map-gl/maplibre';

const WALK_COLOR = '#7048e8';
const STOP_PX = 22;

/** A numbered stop, drawn on a canvas (the map has no font service): a violet disc with its number. */
function stopImage(n: number, ratio: number): ImageData | undefined {
  const c = document.createElement('canvas');
  c.width = c.height = Math.ceil(STOP_PX * ratio);
  const ctx = c.getContext('2d', { willReadFrequently: true });
  if (!ctx) return undefined;
  ctx.scale(ratio, ratio);
  const r = STOP_PX / 2;
  ctx.fillStyle = WALK_COLOR;
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.arc(r, r, r - 1.5, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = '#ffffff';
  ctx.font = `700 ${n > 99 ? 9 : 11}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(String(n), r, r + 0.5);
  return ctx.getImageData(0, 0, c.width, c.height);
}

/** Adds the numbered stop images the walk needs that the map does not have yet. */
function addStopImages(map: MapLibreMap, count: number) {
  const ratio = Math.min(2, window.devicePixelRatio || 1);
  for (let n = 1; n <= count; n++) {
    const id = `walk-stop-${n}`;
    if (map.hasImage(id)) continue;
    const image = stopImage(n, ratio);
    if (image) map.addImage(id, image, { pixelRatio: ratio });
  }
}

/**
 * The planned walk on the map: its line and its numbered stops, over the pins. The stops' images
 * are added before the walk is drawn, and again after a new style (light or dark) dropped them.
 */
export function WalkLayer({ data }: { data: GeoJSON.FeatureCollection | undefined }) {
  const { current } = useMap();
  const stops = data ? data.features.length - 1 : 0;
  const [imaged, setImaged] = useState(0);
  useEffect(() => {
    const map = current?.getMap();
    if (!map || stops <= 0) return;
    const add = () => addStopImages(map, stops);
    add();
    setImaged(stops);
    map.on('styledata', add);
    return () => {
      map.off('styledata', add);
    };
  }, [current, stops]);
  if (!data || imaged < stops) return null;
  return (
    <Source id="walk" type="geojson" data={data}>
      <Layer
        id="walk-line"
        type="line"
        filter={['==', ['get', 'kind'], 'line']}
        layout={{ 'line-join': 'round', 'line-cap': 'round' }}
        paint={{ 'line-color': WALK_COLOR, 'line-width': 3, 'line-dasharray': [2, 1.5], 'line-opacity': 0.9 }}
      />
      <Layer
        id="walk-stops"
        type="symbol"
        filter={['==', ['get', 'kind'], 'stop']}
        layout={{
          'icon-image': ['concat', 'walk-stop-', ['to-string', ['get', 'n']]],
          'icon-allow-overlap': true,
          'symbol-sort-key': ['get', 'n'],
        }}
      />
    </Source>
  );
}
