/**
 * Text on the map without a font server: when a style asks for an image named `label:…` or
 * `cluster:…` that does not exist yet, it is drawn here on a canvas and added on the spot
 * (the map's missing-image resolver).
 * - `label:<light|dark>:<text>`: a place name with a halo;
 * - `cluster:<count>`: a 50x50 px cluster icon (SPEC section 9) with its count.
 */
import type { Map as MapLibreMap } from 'maplibre-gl';

const CLUSTER_PX = 50;

function canvas(width: number, height: number, ratio: number) {
  const c = document.createElement('canvas');
  c.width = Math.ceil(width * ratio);
  c.height = Math.ceil(height * ratio);
  // Read back at once (getImageData): a canvas kept in memory, not on the GPU, which would make
  // each read wait until the map's own drawing so far is done.
  const ctx = c.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('no 2D canvas');
  ctx.scale(ratio, ratio);
  return { c, ctx };
}

function drawLabel(text: string, dark: boolean, ratio: number): ImageData {
  const font = '600 12px system-ui, sans-serif';
  const measure = canvas(1, 1, 1).ctx;
  measure.font = font;
  const width = Math.ceil(measure.measureText(text).width) + 8;
  const { c, ctx } = canvas(width, 18, ratio);
  ctx.font = font;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.lineWidth = 3;
  ctx.strokeStyle = dark ? 'rgba(20,24,32,0.9)' : 'rgba(255,255,255,0.9)';
  ctx.fillStyle = dark ? '#d5dbe5' : '#3b4654';
  ctx.strokeText(text, width / 2, 9);
  ctx.fillText(text, width / 2, 9);
  return ctx.getImageData(0, 0, c.width, c.height);
}

function drawCluster(count: string, ratio: number): ImageData {
  const { c, ctx } = canvas(CLUSTER_PX, CLUSTER_PX, ratio);
  const r = CLUSTER_PX / 2;
  ctx.fillStyle = 'rgba(28,126,214,0.25)';
  ctx.beginPath();
  ctx.arc(r, r, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#1c7ed6';
  ctx.beginPath();
  ctx.arc(r, r, r - 7, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#fff';
  ctx.font = '700 13px system-ui, sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(count, r, r + 1);
  return ctx.getImageData(0, 0, c.width, c.height);
}

export function installLabelImages(map: MapLibreMap): () => void {
  const ratio = Math.min(2, window.devicePixelRatio || 1);
  map.setMissingStyleImageResolver((id) => {
    if (map.hasImage(id)) return;
    if (id.startsWith('cluster:')) {
      map.addImage(id, drawCluster(id.slice('cluster:'.length), ratio), { pixelRatio: ratio });
    } else if (id.startsWith('label:')) {
      const [, mode, ...rest] = id.split(':');
      map.addImage(id, drawLabel(rest.join(':'), mode === 'dark', ratio), { pixelRatio: ratio });
    }
  });
  return () => map.setMissingStyleImageResolver(null);
}
