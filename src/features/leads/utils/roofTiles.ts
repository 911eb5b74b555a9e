/**
 * The roof from above out of map tiles (pure; drawn by components/RoofImagery.tsx): the 3×3 block
 * of web-mercator tiles around a position, cropped to a square with the position at its centre.
 */
import { type ImagerySource, imageryTileUrl } from '#src/domain/schemas/mapImagery.ts';

/** Close enough to see one house; a service that ends sooner is used at its deepest level. */
export const ROOF_ZOOM = 18;
/** The picture's side in CSS pixels (SPEC section 9: 400x400). */
export const ROOF_SIZE = 400;

export interface RoofTile {
  url: string;
  x: number;
  y: number;
  /** Where the tile's top-left corner lies in the picture, in pixels (negative: cut off). */
  left: number;
  top: number;
}

export interface RoofPicture {
  zoom: number;
  /** The tile's side, in pixels. */
  tileSize: number;
  /** The picture's side; the position is at its centre. */
  size: number;
  tiles: RoofTile[];
}

/** The position in pixels of the whole world's map at a zoom (web mercator). */
export function worldPixel(position: { lng: number; lat: number }, zoom: number, tileSize: number) {
  const scale = tileSize * 2 ** zoom;
  const lat = Math.max(-85.05112878, Math.min(85.05112878, position.lat));
  const sin = Math.sin((lat * Math.PI) / 180);
  return {
    x: ((position.lng + 180) / 360) * scale,
    y: Math.min(scale, Math.max(0, (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale)),
  };
}

/** The tiles that make the picture of the roof at a position, and where each lies in it. */
export function roofPicture(
  position: { lng: number; lat: number },
  source: Pick<ImagerySource, 'tiles' | 'maxZoom' | 'tileSize'>,
  size = ROOF_SIZE,
): RoofPicture {
  const zoom = Math.min(ROOF_ZOOM, source.maxZoom);
  const { tileSize } = source;
  const count = 2 ** zoom;
  const point = worldPixel(position, zoom, tileSize);
  const centreX = Math.floor(point.x / tileSize);
  const centreY = Math.floor(point.y / tileSize);
  // The picture's top-left corner, in world pixels.
  const originX = point.x - size / 2;
  const originY = point.y - size / 2;
  const tiles: RoofTile[] = [];
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      const column = centreX + dx;
      const row = centreY + dy;
      // Past the poles there are no tiles; across the antimeridian the world repeats.
      if (row < 0 || row >= count) continue;
      const x = ((column % count) + count) % count;
      tiles.push({
        url: imageryTileUrl(source.tiles, { z: zoom, x, y: row }),
        x,
        y: row,
        left: Math.round((column * tileSize - originX) * 100) / 100,
        top: Math.round((row * tileSize - originY) * 100) / 100,
      });
    }
  }
  return { zoom, tileSize, size, tiles };
}
