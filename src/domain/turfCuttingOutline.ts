/**
 * A turf's outline before it is clipped to its region: the union of its places' Voronoi cells,
 * traced from the triangulation (turfCuttingGraph.ts). Each border is a Voronoi edge between a
 * place of the turf and a place (or frame point) of another: it runs between the circumcentres of
 * the two triangles beside that triangulation edge, with the turf on its left, so the borders chain
 * into counter-clockwise outer rings and clockwise holes. Neighbouring turfs share the very same
 * corners.
 */
import { nextHalfedge, type Triangulation } from './turfCuttingGraph.ts';

/** A ring as x, y pairs, closed (its last point is its first). */
export type PlaneRing = [number, number][];

/** A polygon in the plane: its outer ring, then its holes. */
export type PlanePolygon = PlaneRing[];

const signedArea = (ring: PlaneRing) => {
  let sum = 0;
  for (let i = 1; i < ring.length; i++) {
    const a = ring[i - 1] as [number, number];
    const b = ring[i] as [number, number];
    sum += a[0] * b[1] - b[0] * a[1];
  }
  return sum / 2;
};

function insideRing(x: number, y: number, ring: PlaneRing): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i] as [number, number];
    const b = ring[j] as [number, number];
    const xi = a[0];
    const yi = a[1];
    const xj = b[0];
    const yj = b[1];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/**
 * Each turf's cells as polygons in the plane (a turf with no place has none). `turfOf` gives the
 * turf of each of the `n` places; points from n on are the frame, outside every turf.
 */
export function turfCellOutlines(
  tri: Triangulation,
  n: number,
  turfOf: Int32Array,
  k: number,
): PlanePolygon[][] {
  const { triangles, halfedges, cx, cy } = tri;
  const borders: number[][] = Array.from({ length: k }, () => []);
  for (let e = 0; e < triangles.length; e++) {
    const a = triangles[e] as number;
    if (a >= n) continue;
    const turf = turfOf[a] as number;
    const b = triangles[nextHalfedge(e)] as number;
    if (b < n && turfOf[b] === turf) continue;
    const o = halfedges[e] as number;
    // Only the frame lies on the hull, so a place's edge always has a triangle on each side.
    if (o < 0) continue;
    borders[turf]?.push(Math.floor(e / 3), Math.floor(o / 3));
  }
  return borders.map((edges) => {
    const next = new Map<number, number>();
    for (let i = 0; i < edges.length; i += 2) next.set(edges[i] as number, edges[i + 1] as number);
    const outers: PlanePolygon[] = [];
    const holes: PlaneRing[] = [];
    for (const start of next.keys()) {
      if (!next.has(start)) continue;
      const ring: PlaneRing = [];
      let at: number | undefined = start;
      while (at !== undefined) {
        const x = cx[at] as number;
        const y = cy[at] as number;
        const last = ring.at(-1);
        if (!last || last[0] !== x || last[1] !== y) ring.push([x, y]);
        const to = next.get(at);
        next.delete(at);
        at = to === undefined || to === start ? undefined : to;
      }
      const first = ring[0];
      if (!first || ring.length < 3) continue;
      const last = ring.at(-1) as [number, number];
      if (last[0] !== first[0] || last[1] !== first[1]) ring.push([first[0], first[1]]);
      if (ring.length < 4) continue;
      if (signedArea(ring) > 0) outers.push([ring]);
      else holes.push(ring);
    }
    for (const hole of holes) {
      const [x, y] = hole[0] as [number, number];
      const around = outers.find((polygon) => insideRing(x, y, polygon[0] as PlaneRing)) ?? outers[0];
      around?.push(hole);
    }
    return outers;
  });
}
