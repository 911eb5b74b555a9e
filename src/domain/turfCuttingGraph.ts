/**
 * The doors of a region as places on a plane and who neighbours whom, for cutting the region into
 * turfs (turfCutting.ts). Doors at one spot are one place. Places are neighbours when their
 * Voronoi cells share a stretch of border that the straight walk between them crosses inside the
 * region (the Gabriel edges of the Delaunay triangulation whose segment stays in the region): a
 * turf whose places are connected by such edges has one connected outline. Where those edges leave
 * places apart, the shortest other triangulation edges join them: first those whose cells still
 * meet inside the region (a point of their border both places see without leaving the region: a
 * connected outline too), then those whose segment stays in the region, and last those across a
 * gap in the region.
 */
import Delaunator from 'delaunator';

/** The places to cut, in plane coordinates (x east, y north, in the same units). */
export interface Places {
  n: number;
  x: Float64Array;
  y: Float64Array;
  /** What each place weighs when the turfs are balanced. */
  w: Float64Array;
  /** The rep (index) each place is locked to, or -1. */
  lock: Int32Array;
}

/** Neighbours of each place, as offsets into one list (place p's are neighbours[offsets[p]..offsets[p+1]]). */
export interface PlaceGraph {
  offsets: Int32Array;
  neighbours: Int32Array;
  /**
   * The parts of the region the places fall in (places joined by edges inside the region): one
   * for a region in one piece, unless an empty neck parts its doors. `part` numbers each place's.
   */
  parts: number;
  part: Int32Array;
}

/**
 * The triangulation of the places plus a ring of frame points far around the region (indices n
 * and up), so that every place's cell is bounded; with each triangle's circumcentre (the cells'
 * corners).
 */
export interface Triangulation {
  triangles: Uint32Array;
  halfedges: Int32Array;
  /** Circumcentre of triangle t: (cx[t], cy[t]). */
  cx: Float64Array;
  cy: Float64Array;
}

const FRAME_POINTS = 8;

export const nextHalfedge = (e: number) => (e % 3 === 2 ? e - 2 : e + 1);
const prevHalfedge = (e: number) => (e % 3 === 0 ? e + 2 : e - 1);

/**
 * Triangulates the places inside a frame: the frame's radius is four times the region's, so no
 * point of the region is nearer a frame point than the nearest place (the places lie in the
 * region).
 */
export function triangulate(places: Places, box: [number, number, number, number]): Triangulation {
  const { n, x, y } = places;
  const coords = new Float64Array(2 * (n + FRAME_POINTS));
  for (let i = 0; i < n; i++) {
    coords[2 * i] = x[i] as number;
    coords[2 * i + 1] = y[i] as number;
  }
  const mx = (box[0] + box[2]) / 2;
  const my = (box[1] + box[3]) / 2;
  const radius = 4 * Math.max(Math.hypot(box[2] - box[0], box[3] - box[1]) / 2, 1e-9);
  for (let i = 0; i < FRAME_POINTS; i++) {
    const angle = (2 * Math.PI * i) / FRAME_POINTS;
    coords[2 * (n + i)] = mx + radius * Math.cos(angle);
    coords[2 * (n + i) + 1] = my + radius * Math.sin(angle);
  }
  const { triangles, halfedges } = new Delaunator(coords);
  const count = triangles.length / 3;
  const cx = new Float64Array(count);
  const cy = new Float64Array(count);
  for (let t = 0; t < count; t++) {
    const a = 2 * (triangles[3 * t] as number);
    const b = 2 * (triangles[3 * t + 1] as number);
    const c = 2 * (triangles[3 * t + 2] as number);
    const ax = coords[a] as number;
    const ay = coords[a + 1] as number;
    const dx = (coords[b] as number) - ax;
    const dy = (coords[b + 1] as number) - ay;
    const ex = (coords[c] as number) - ax;
    const ey = (coords[c + 1] as number) - ay;
    const bl = dx * dx + dy * dy;
    const cl = ex * ex + ey * ey;
    const d = 0.5 / (dx * ey - dy * ex);
    cx[t] = ax + (ey * bl - dy * cl) * d;
    cy[t] = ay + (dx * cl - ex * bl) * d;
  }
  return { triangles, halfedges, cx, cy };
}

/** Cells a side of the grid that buckets the region's edges. */
const GRID = 64;

/** The region's edges, bucketed on a grid, to ask whether a short segment crosses any of them. */
class EdgeIndex {
  private readonly edges: Float64Array;
  private readonly cells: (number[] | undefined)[];
  private readonly stamp: Int32Array;
  private query = 0;
  private readonly west: number;
  private readonly south: number;
  private readonly fx: number;
  private readonly fy: number;

  constructor(edges: Float64Array, box: [number, number, number, number]) {
    this.edges = edges;
    [this.west, this.south] = box;
    this.fx = GRID / Math.max(box[2] - box[0], 1e-12);
    this.fy = GRID / Math.max(box[3] - box[1], 1e-12);
    this.cells = new Array(GRID * GRID);
    const count = edges.length / 4;
    this.stamp = new Int32Array(count);
    const added = new Int32Array(GRID * GRID).fill(-1);
    // Each edge goes in the cells around points along it half a cell apart: every point of the
    // edge lies in one of those cells.
    for (let i = 0; i < count; i++) {
      const gx0 = this.gx(edges[4 * i] as number);
      const gy0 = this.gy(edges[4 * i + 1] as number);
      const gx1 = this.gx(edges[4 * i + 2] as number);
      const gy1 = this.gy(edges[4 * i + 3] as number);
      const steps = Math.ceil(2 * Math.max(Math.abs(gx1 - gx0), Math.abs(gy1 - gy0))) + 1;
      for (let s = 0; s <= steps; s++) {
        const cx = Math.floor(gx0 + ((gx1 - gx0) * s) / steps);
        const cy = Math.floor(gy0 + ((gy1 - gy0) * s) / steps);
        for (let y = Math.max(0, cy - 1); y <= Math.min(GRID - 1, cy + 1); y++)
          for (let x = Math.max(0, cx - 1); x <= Math.min(GRID - 1, cx + 1); x++) {
            const cell = y * GRID + x;
            if (added[cell] === i) continue;
            added[cell] = i;
            const list = this.cells[cell];
            if (list) list.push(i);
            else this.cells[cell] = [i];
          }
      }
    }
  }

  private gx(x: number) {
    return (x - this.west) * this.fx;
  }

  private gy(y: number) {
    return (y - this.south) * this.fy;
  }

  /** Whether segment (ax, ay)–(bx, by) properly crosses an edge of the region. */
  crosses(ax: number, ay: number, bx: number, by: number): boolean {
    const clamp = (v: number) => (v < 0 ? 0 : v >= GRID ? GRID - 1 : Math.floor(v));
    const x0 = clamp(this.gx(ax < bx ? ax : bx));
    const x1 = clamp(this.gx(ax < bx ? bx : ax));
    const y0 = clamp(this.gy(ay < by ? ay : by));
    const y1 = clamp(this.gy(ay < by ? by : ay));
    const e = this.edges;
    let query = 0;
    for (let cy = y0; cy <= y1; cy++) {
      for (let cx = x0; cx <= x1; cx++) {
        const list = this.cells[cy * GRID + cx];
        if (!list) continue;
        if (query === 0) query = ++this.query;
        for (const i of list) {
          if (this.stamp[i] === query) continue;
          this.stamp[i] = query;
          const px = e[4 * i] as number;
          const py = e[4 * i + 1] as number;
          const qx = e[4 * i + 2] as number;
          const qy = e[4 * i + 3] as number;
          const d1 = (qx - px) * (ay - py) - (qy - py) * (ax - px);
          const d2 = (qx - px) * (by - py) - (qy - py) * (bx - px);
          const d3 = (bx - ax) * (py - ay) - (by - ay) * (px - ax);
          const d4 = (bx - ax) * (qy - ay) - (by - ay) * (qx - ax);
          if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)))
            return true;
        }
      }
    }
    return false;
  }
}

function find(parent: Int32Array, i: number): number {
  let root = i;
  while (parent[root] !== root) root = parent[root] as number;
  while (parent[i] !== root) {
    const up = parent[i] as number;
    parent[i] = root;
    i = up;
  }
  return root;
}

/**
 * Who neighbours whom (see the file's comment). `regionEdges` holds the region's edges in plane
 * coordinates, four numbers each (x0, y0, x1, y1); `box` bounds them.
 */
export function placeGraph(
  places: Places,
  tri: Triangulation,
  regionEdges: Float64Array,
  box: [number, number, number, number],
): PlaceGraph {
  const { n, x, y } = places;
  const { triangles, halfedges } = tri;
  const index = new EdgeIndex(regionEdges, box);
  const parent = Int32Array.from({ length: n }, (_, i) => i);
  let pieces = n;
  const join = (a: number, b: number) => {
    const ra = find(parent, a);
    const rb = find(parent, b);
    if (ra === rb) return false;
    parent[ra] = rb;
    pieces--;
    return true;
  };
  const chosen: number[] = [];
  const acuteAt = (c: number, a: number, b: number) =>
    ((x[a] as number) - (x[c] as number)) * ((x[b] as number) - (x[c] as number)) +
      ((y[a] as number) - (y[c] as number)) * ((y[b] as number) - (y[c] as number)) >
    0;
  const crosses = (a: number, b: number) =>
    index.crosses(x[a] as number, y[a] as number, x[b] as number, y[b] as number);
  // The other edges between places, for joining what the Gabriel edges leave apart.
  const others: number[] = [];
  for (let e = 0; e < triangles.length; e++) {
    const o = halfedges[e] as number;
    if (o !== -1 && o < e) continue;
    const a = triangles[e] as number;
    const b = triangles[nextHalfedge(e)] as number;
    if (a >= n || b >= n) continue;
    const c = triangles[prevHalfedge(e)] as number;
    const d = o === -1 ? -1 : (triangles[prevHalfedge(o)] as number);
    // A frame point is far outside the diametral circle of any two places.
    const gabriel = (c >= n || acuteAt(c, a, b)) && (d === -1 || d >= n || acuteAt(d, a, b));
    if (gabriel && !crosses(a, b)) {
      chosen.push(a, b);
      join(a, b);
    } else others.push(e);
  }
  /**
   * Whether the cells of the places either side of half-edge e meet inside the region: a point of
   * their shared Voronoi edge that both places see without crossing the region's edge.
   */
  const meetInside = (e: number) => {
    const a = triangles[e] as number;
    const b = triangles[nextHalfedge(e)] as number;
    const t1 = Math.floor(e / 3);
    const t2 = Math.floor((halfedges[e] as number) / 3);
    // The part of the shared edge over the region's box (a cell at the region's edge reaches far).
    const x1 = tri.cx[t1] as number;
    const y1 = tri.cy[t1] as number;
    const dx = (tri.cx[t2] as number) - x1;
    const dy = (tri.cy[t2] as number) - y1;
    let from = 0;
    let to = 1;
    for (const [d, low, high, at] of [
      [dx, box[0], box[2], x1],
      [dy, box[1], box[3], y1],
    ] as const) {
      if (d === 0) {
        if (at < low || at > high) return false;
        continue;
      }
      const [enter, leave] = d > 0 ? [(low - at) / d, (high - at) / d] : [(high - at) / d, (low - at) / d];
      from = Math.max(from, enter);
      to = Math.min(to, leave);
    }
    if (from > to) return false;
    for (const f of [0.5, 0.25, 0.75, 0.1, 0.9, 0.4, 0.6]) {
      const qx = x1 + dx * (from + (to - from) * f);
      const qy = y1 + dy * (from + (to - from) * f);
      if (
        !index.crosses(x[a] as number, y[a] as number, qx, qy) &&
        !index.crosses(x[b] as number, y[b] as number, qx, qy)
      )
        return true;
    }
    return false;
  };
  let parts = 0;
  const partOf = new Int32Array(n);
  if (pieces > 1) {
    // Shortest first: those whose cells meet inside the region, then those whose segment stays in
    // it, then the rest.
    const count = others.length;
    const rank = new Float64Array(count);
    for (let i = 0; i < count; i++) {
      const e = others[i] as number;
      const a = triangles[e] as number;
      const b = triangles[nextHalfedge(e)] as number;
      const length = Math.hypot((x[a] as number) - (x[b] as number), (y[a] as number) - (y[b] as number));
      rank[i] = meetInside(e) ? length : !crosses(a, b) ? 1000 + length : 2000 + length;
    }
    const order = Array.from({ length: count }, (_, i) => i).sort(
      (i, j) => (rank[i] as number) - (rank[j] as number),
    );
    for (const i of order) {
      if (pieces === 1) break;
      if (parts === 0 && (rank[i] as number) >= 2000) {
        // The region's parts: what the edges inside it joined.
        parts = pieces;
        for (let p = 0; p < n; p++) partOf[p] = find(parent, p);
      }
      const a = triangles[others[i] as number] as number;
      const b = triangles[nextHalfedge(others[i] as number)] as number;
      if (join(a, b)) chosen.push(a, b);
    }
  }
  if (parts > 1) {
    // Each place's part, numbered as the roots are met.
    const number = new Map<number, number>();
    for (let p = 0; p < n; p++) {
      const root = partOf[p] as number;
      let id = number.get(root);
      if (id === undefined) {
        id = number.size;
        number.set(root, id);
      }
      partOf[p] = id;
    }
  } else {
    parts = 1;
    partOf.fill(0);
  }
  const degree = new Int32Array(n + 1);
  for (const p of chosen) degree[p + 1] = (degree[p + 1] as number) + 1;
  for (let i = 0; i < n; i++) degree[i + 1] = (degree[i + 1] as number) + (degree[i] as number);
  const offsets = degree.slice();
  const fill = degree.slice(0, n);
  const neighbours = new Int32Array(chosen.length);
  for (let i = 0; i < chosen.length; i += 2) {
    const a = chosen[i] as number;
    const b = chosen[i + 1] as number;
    neighbours[fill[a] as number] = b;
    fill[a] = (fill[a] as number) + 1;
    neighbours[fill[b] as number] = a;
    fill[b] = (fill[b] as number) + 1;
  }
  return { offsets, neighbours, parts, part: partOf };
}
