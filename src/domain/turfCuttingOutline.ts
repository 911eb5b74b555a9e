/**
 * A turf's outline before it is clipped to its region: the union of its places' Voronoi cells,
 * traced from the triangulation (turfCuttingGraph.ts). Each border is a Voronoi edge between a
 * place of the turf and a place (or frame point) of another: it runs between the circumcentres of
 * the two triangles beside that triangulation edge, with the turf on its left, so the borders chain
 * into counter-clockwise outer rings and clockwise holes. Neighbouring turfs share the very same
 * corners.
 *
 * The borders can be straightened first (`straightCorners`): each stretch of border between the
 * same two turfs, from one meeting point of three turfs to the next, is simplified once
 * (Douglas–Peucker) and both turfs take the same corners. A straight cut across a stretch is only
 * taken while every place beside that stretch stays on its own side and the cut strays from the
 * border by at most half the distance between the places across it.
 */
import { nextHalfedge, type Places, type Triangulation } from './turfCuttingGraph.ts';

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
  kept?: Uint8Array,
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
        if ((!kept || kept[at]) && (!last || last[0] !== x || last[1] !== y)) ring.push([x, y]);
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

/** The corners (triangles) the straightened borders keep: see the file's comment. */
export function straightCorners(tri: Triangulation, places: Places, turfOf: Int32Array): Uint8Array {
  const { triangles, halfedges, cx, cy } = tri;
  const { n, x, y } = places;
  const corners = triangles.length / 3;
  const kept = new Uint8Array(corners);
  const turfAt = (p: number) => (p < n ? (turfOf[p] as number) : -1);
  // Border edges between two turfs, each once: from corner, to corner, the place on its left and on its right.
  const from: number[] = [];
  const to: number[] = [];
  const left: number[] = [];
  const right: number[] = [];
  const incident = new Int32Array(3 * corners);
  const degree = new Uint8Array(corners);
  for (let e = 0; e < triangles.length; e++) {
    const a = triangles[e] as number;
    const b = triangles[nextHalfedge(e)] as number;
    const o = halfedges[e] as number;
    if (a >= n || o < 0 || turfAt(a) <= turfAt(b)) continue;
    const u = Math.floor(e / 3);
    const v = Math.floor(o / 3);
    // Borders with the frame lie outside the region: they keep every corner.
    if (b >= n) {
      kept[u] = 1;
      kept[v] = 1;
      continue;
    }
    const edge = from.length;
    from.push(u);
    to.push(v);
    left.push(a);
    right.push(b);
    incident[3 * u + (degree[u] as number)] = edge;
    degree[u] = (degree[u] as number) + 1;
    incident[3 * v + (degree[v] as number)] = edge;
    degree[v] = (degree[v] as number) + 1;
  }
  const isEnd = (c: number) => kept[c] === 1 || degree[c] !== 2;
  const walked = new Uint8Array(from.length);

  /** Simplifies one stretch: its corners in order, and the places left and right of each of its edges. */
  const straighten = (chain: number[], lefts: number[], rights: number[]) => {
    kept[chain[0] as number] = 1;
    kept[chain.at(-1) as number] = 1;
    let across = 0;
    for (let i = 0; i < lefts.length; i++) {
      const a = lefts[i] as number;
      const b = rights[i] as number;
      across += Math.hypot((x[a] as number) - (x[b] as number), (y[a] as number) - (y[b] as number));
    }
    const strayAtMost = across / lefts.length / 2;
    const spans: [number, number][] = [[0, chain.length - 1]];
    for (let span = spans.pop(); span; span = spans.pop()) {
      const [i, j] = span;
      if (j - i < 2) continue;
      const ax = cx[chain[i] as number] as number;
      const ay = cy[chain[i] as number] as number;
      const dx = (cx[chain[j] as number] as number) - ax;
      const dy = (cy[chain[j] as number] as number) - ay;
      const length = Math.hypot(dx, dy);
      let farthest = i + 1;
      let most = -1;
      for (let m = i + 1; m < j; m++) {
        const px = (cx[chain[m] as number] as number) - ax;
        const py = (cy[chain[m] as number] as number) - ay;
        const off = length > 0 ? Math.abs(dx * py - dy * px) / length : Math.hypot(px, py);
        if (off > most) [most, farthest] = [off, m];
      }
      let straight = length > 0 && most <= strayAtMost;
      for (let m = i; straight && m < j; m++) {
        const a = lefts[m] as number;
        const b = rights[m] as number;
        straight =
          dx * ((y[a] as number) - ay) - dy * ((x[a] as number) - ax) > 0 &&
          dx * ((y[b] as number) - ay) - dy * ((x[b] as number) - ax) < 0;
      }
      if (straight) continue;
      kept[chain[farthest] as number] = 1;
      spans.push([i, farthest], [farthest, j]);
    }
  };

  /** Walks from `start` along `edge` to the next end (or back to `start`), straightening the stretch. */
  const walk = (start: number, first: number, stopAt: (c: number) => boolean) => {
    const chain = [start];
    const lefts: number[] = [];
    const rights: number[] = [];
    let at = start;
    let edge = first;
    for (;;) {
      walked[edge] = 1;
      const forward = from[edge] === at;
      at = (forward ? to[edge] : from[edge]) as number;
      lefts.push((forward ? left[edge] : right[edge]) as number);
      rights.push((forward ? right[edge] : left[edge]) as number);
      chain.push(at);
      if (stopAt(at)) break;
      const options = incident.subarray(3 * at, 3 * at + 2);
      const next = options[0] === edge ? options[1] : options[0];
      if (next === undefined || walked[next]) break;
      edge = next;
    }
    return { chain, lefts, rights };
  };

  for (let c = 0; c < corners; c++) {
    if (!isEnd(c)) continue;
    for (let slot = 0; slot < (degree[c] as number); slot++) {
      const edge = incident[3 * c + slot] as number;
      if (walked[edge]) continue;
      const { chain, lefts, rights } = walk(c, edge, isEnd);
      straighten(chain, lefts, rights);
    }
  }
  // Closed borders with no meeting point (a turf all inside another): three fixed corners each.
  for (let edge = 0; edge < from.length; edge++) {
    if (walked[edge]) continue;
    const start = from[edge] as number;
    const { chain, lefts, rights } = walk(start, edge, (c) => c === start);
    const third = Math.max(1, Math.floor(lefts.length / 3));
    for (const [i, j] of [
      [0, third],
      [third, 2 * third],
      [2 * third, lefts.length],
    ] as const) {
      if (j > i) straighten(chain.slice(i, j + 1), lefts.slice(i, j), rights.slice(i, j));
    }
  }
  return kept;
}
