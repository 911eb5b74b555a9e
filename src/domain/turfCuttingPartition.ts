/**
 * Sharing a region's places (turfCuttingGraph.ts) among k reps: recursive weighted bisection
 * along each part's principal axis (k split into ⌈k/2⌉ and ⌊k/2⌋ reps, the weight in that ratio),
 * each half made connected and brought to its share of the weight by moving places across the
 * cut; then every turf made connected (a rep's locked places joined by a path where one exists)
 * and the turfs balanced by moving border places from heavier turfs to lighter neighbours. A
 * place only moves when the turf it leaves stays connected; locked places never move.
 */
import type { PlaceGraph, Places } from './turfCuttingGraph.ts';

/** Balance the final moves stop at (of the mean weight): well inside the bound, with fewer ragged edges. */
const REFINE_GOAL = 0.02;
const REFINE_ROUNDS = 200;
/** How far the check that a turf stays connected without a place looks before it says no. */
const LOCAL_SEARCH_LIMIT = 400;

export interface Partition {
  /** The rep (index) each place goes to. */
  turfOf: Int32Array;
  /** Reps whose locked places could not all be joined in one connected turf. */
  locksApart: number[];
}

/** A binary min-heap of places by a number. */
class PlaceHeap {
  private keys: number[] = [];
  private items: number[] = [];

  get size() {
    return this.items.length;
  }

  push(item: number, key: number): void {
    const { keys, items } = this;
    let i = items.length;
    keys.push(key);
    items.push(item);
    while (i > 0) {
      const up = (i - 1) >> 1;
      if ((keys[up] as number) <= key) break;
      keys[i] = keys[up] as number;
      items[i] = items[up] as number;
      i = up;
    }
    keys[i] = key;
    items[i] = item;
  }

  pop(): number {
    const { keys, items } = this;
    const top = items[0] as number;
    const lastKey = keys.pop() as number;
    const lastItem = items.pop() as number;
    const size = items.length;
    if (size === 0) return top;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= size) break;
      if (child + 1 < size && (keys[child + 1] as number) < (keys[child] as number)) child++;
      if ((keys[child] as number) >= lastKey) break;
      keys[i] = keys[child] as number;
      items[i] = items[child] as number;
      i = child;
    }
    keys[i] = lastKey;
    items[i] = lastItem;
    return top;
  }
}

class Cutter {
  readonly turfOf: Int32Array;
  private readonly side: Int8Array;
  private readonly repSide: Int8Array;
  /** The bisection each rep is being cut in (the call's number). */
  private readonly repCall: Int32Array;
  private readonly t: Float64Array;
  /** Which bisection a place belongs to (the call's number). */
  private readonly member: Int32Array;
  private call = 0;
  private readonly seen: Int32Array;
  private readonly target: Int32Array;
  private visit = 0;
  private readonly queue: Int32Array;

  private readonly places: Places;
  private readonly graph: PlaceGraph;
  private readonly k: number;
  private readonly random: (() => number) | undefined;

  constructor(places: Places, graph: PlaceGraph, k: number, random: (() => number) | undefined) {
    this.places = places;
    this.graph = graph;
    this.k = k;
    this.random = random;
    const { n } = places;
    this.turfOf = new Int32Array(n).fill(-1);
    this.side = new Int8Array(n);
    this.repSide = new Int8Array(k);
    this.repCall = new Int32Array(k);
    this.t = new Float64Array(n);
    this.member = new Int32Array(n);
    this.seen = new Int32Array(n);
    this.target = new Int32Array(n);
    this.queue = new Int32Array(n);
  }

  /** The weighted principal axis of the places (an angle), turned a little by the seed. */
  private axis(members: Int32Array): number {
    const { x, y, w } = this.places;
    let total = 0;
    let mx = 0;
    let my = 0;
    for (const m of members) {
      const weight = (w[m] as number) || 1e-9;
      total += weight;
      mx += weight * (x[m] as number);
      my += weight * (y[m] as number);
    }
    mx /= total;
    my /= total;
    let sxx = 0;
    let syy = 0;
    let sxy = 0;
    for (const m of members) {
      const weight = (w[m] as number) || 1e-9;
      const dx = (x[m] as number) - mx;
      const dy = (y[m] as number) - my;
      sxx += weight * dx * dx;
      syy += weight * dy * dy;
      sxy += weight * dx * dy;
    }
    const turn = this.random ? (this.random() - 0.5) * (Math.PI / 6) : 0;
    return 0.5 * Math.atan2(2 * sxy, sxx - syy) + turn;
  }

  /** Cuts `members` (places of one connected part) among `reps`. */
  bisect(members: Int32Array, reps: number[]): void {
    const first = reps[0] as number;
    if (reps.length === 1) {
      for (const m of members) this.turfOf[m] = first;
      return;
    }
    if (members.length === 0) return;
    const { x, y, w } = this.places;
    const { t, side, repSide } = this;
    const theta = this.axis(members);
    const cos = Math.cos(theta);
    const sin = Math.sin(theta);
    const call = ++this.call;
    for (const rep of reps) this.repCall[rep] = call;
    let total = 0;
    let centre = 0;
    const lockedAt = new Map<number, [sum: number, count: number]>();
    for (const m of members) {
      this.member[m] = call;
      t[m] = (x[m] as number) * cos + (y[m] as number) * sin;
      total += w[m] as number;
      centre += t[m] as number;
      const rep = this.lockOf(m);
      if (rep >= 0) {
        const at = lockedAt.get(rep) ?? [0, 0];
        at[0] += t[m] as number;
        at[1]++;
        lockedAt.set(rep, at);
      }
    }
    centre /= members.length;
    // Reps with locked places go to the side where those places lie; the others fill in between.
    const keyOf = (rep: number) => {
      const at = lockedAt.get(rep);
      return at ? at[0] / at[1] : centre;
    };
    const order = [...reps].sort((a, b) => keyOf(a) - keyOf(b));
    const kA = Math.ceil(reps.length / 2);
    order.forEach((rep, i) => {
      repSide[rep] = i < kA ? 0 : 1;
    });
    const goal = (total * kA) / reps.length;
    let weightA = 0;
    const free: number[] = [];
    for (const m of members) {
      const rep = this.lockOf(m);
      if (rep < 0) free.push(m);
      else {
        side[m] = repSide[rep] as number;
        if (side[m] === 0) weightA += w[m] as number;
      }
    }
    this.splitAlong(free, goal - weightA);

    const inHalf = (s: number) => (p: number) => this.member[p] === call && side[p] === s;
    this.joinHalf(members, 0, inHalf(0));
    this.joinHalf(members, 1, inHalf(1));
    this.balanceHalves(members, goal, inHalf);

    const halfA: number[] = [];
    const halfB: number[] = [];
    for (const m of members) (side[m] === 0 ? halfA : halfB).push(m);
    this.bisect(Int32Array.from(halfA), order.slice(0, kA));
    this.bisect(Int32Array.from(halfB), order.slice(kA));
  }

  /** The rep the place is locked to when that rep is one of the bisection under way, else -1. */
  private lockOf(m: number): number {
    const rep = this.places.lock[m] as number;
    return rep >= 0 && this.repCall[rep] === this.call ? rep : -1;
  }

  /** Gives each locked place to its rep (a place locked to a rep cut in another part of the region). */
  keepLocks(): void {
    this.places.lock.forEach((rep, p) => {
      if (rep >= 0) this.turfOf[p] = rep;
    });
  }

  /**
   * Puts the free places lowest along the axis in the first half until it holds `share` of their
   * weight (a place goes in when at least half of it fits), the rest in the second: the places
   * are bucketed along the axis and only the bucket where the share runs out is sorted.
   */
  private splitAlong(free: number[], share: number): void {
    const { t, side } = this;
    const { w } = this.places;
    let low = Number.POSITIVE_INFINITY;
    let high = Number.NEGATIVE_INFINITY;
    for (const m of free) {
      const v = t[m] as number;
      if (v < low) low = v;
      if (v > high) high = v;
    }
    const buckets = Math.max(1, Math.min(4096, free.length >> 2));
    const scale = high > low ? buckets / (high - low) : 0;
    const bucketOf = (m: number) => Math.min(buckets - 1, Math.floor(((t[m] as number) - low) * scale));
    const weights = new Float64Array(buckets);
    for (const m of free) weights[bucketOf(m)] = (weights[bucketOf(m)] as number) + (w[m] as number);
    let taken = 0;
    let split = 0;
    while (split < buckets && taken + (weights[split] as number) <= share)
      taken += weights[split++] as number;
    const edge: number[] = [];
    for (const m of free) {
      const b = bucketOf(m);
      if (b === split) edge.push(m);
      else side[m] = b < split ? 0 : 1;
    }
    edge.sort((a, b) => (t[a] as number) - (t[b] as number) || a - b);
    let i = 0;
    for (; i < edge.length; i++) {
      const m = edge[i] as number;
      if (taken + (w[m] as number) / 2 > share) break;
      side[m] = 0;
      taken += w[m] as number;
    }
    for (; i < edge.length; i++) side[edge[i] as number] = 1;
  }

  /** Keeps the heaviest connected piece of one half; pieces without a locked place go to the other half. */
  private joinHalf(members: Int32Array, s: number, inHalf: (p: number) => boolean): void {
    const pieces = this.components(members, inHalf);
    if (pieces.length <= 1) return;
    const { w } = this.places;
    const weightOf = (piece: number[]) => piece.reduce((sum, p) => sum + (w[p] as number), 0);
    const weights = pieces.map(weightOf);
    const core = weights.indexOf(Math.max(...weights));
    pieces.forEach((piece, i) => {
      if (i === core || piece.some((p) => this.lockOf(p) >= 0)) return;
      for (const p of piece) this.side[p] = 1 - s;
    });
  }

  /** Moves places across the cut, nearest the other half first, until the first half weighs `goal`. */
  private balanceHalves(
    members: Int32Array,
    goal: number,
    inHalf: (s: number) => (p: number) => boolean,
  ): void {
    const { w } = this.places;
    const { side, t } = this;
    let weightA = 0;
    for (const m of members) if (side[m] === 0) weightA += w[m] as number;
    const heavy = weightA > goal ? 0 : 1;
    const light = 1 - heavy;
    let excess = Math.abs(weightA - goal);
    const inHeavy = inHalf(heavy);
    const inLight = inHalf(light);
    const key = (p: number) => (heavy === 0 ? -(t[p] as number) : (t[p] as number));
    const heap = new PlaceHeap();
    const { offsets, neighbours } = this.graph;
    const touchesLight = (p: number) => {
      for (let j = offsets[p] as number; j < (offsets[p + 1] as number); j++)
        if (inLight(neighbours[j] as number)) return true;
      return false;
    };
    for (const m of members) if (inHeavy(m) && this.lockOf(m) < 0 && touchesLight(m)) heap.push(m, key(m));
    while (heap.size > 0 && excess > 0) {
      const v = heap.pop();
      const weight = w[v] as number;
      if (!inHeavy(v) || weight <= 0 || weight >= 2 * excess || !touchesLight(v)) continue;
      if (!this.staysConnected(v, inHeavy)) continue;
      side[v] = light;
      excess -= weight;
      for (let j = offsets[v] as number; j < (offsets[v + 1] as number); j++) {
        const nb = neighbours[j] as number;
        if (inHeavy(nb) && this.lockOf(nb) < 0) heap.push(nb, key(nb));
      }
    }
  }

  /** The connected pieces of the places in `members` for which `inside` holds. */
  private components(members: Iterable<number>, inside: (p: number) => boolean): number[][] {
    const visit = ++this.visit;
    const { offsets, neighbours } = this.graph;
    const pieces: number[][] = [];
    for (const start of members) {
      if (this.seen[start] === visit || !inside(start)) continue;
      const piece = [start];
      this.seen[start] = visit;
      for (let i = 0; i < piece.length; i++) {
        const p = piece[i] as number;
        for (let j = offsets[p] as number; j < (offsets[p + 1] as number); j++) {
          const nb = neighbours[j] as number;
          if (this.seen[nb] !== visit && inside(nb)) {
            this.seen[nb] = visit;
            piece.push(nb);
          }
        }
      }
      pieces.push(piece);
    }
    return pieces;
  }

  /**
   * Whether the group `inGroup` (which holds v) stays connected without v: v's neighbours in it
   * must reach each other around v within a bounded search (a no when the search runs out).
   */
  private staysConnected(v: number, inGroup: (p: number) => boolean): boolean {
    const { offsets, neighbours } = this.graph;
    const mark = ++this.visit;
    let wanted = 0;
    let start = -1;
    for (let j = offsets[v] as number; j < (offsets[v + 1] as number); j++) {
      const nb = neighbours[j] as number;
      if (!inGroup(nb) || this.target[nb] === mark) continue;
      this.target[nb] = mark;
      wanted++;
      start = nb;
    }
    if (wanted === 0) return false;
    if (wanted === 1) return true;
    const { queue, seen } = this;
    seen[v] = mark;
    seen[start] = mark;
    queue[0] = start;
    let found = 1;
    for (let head = 0, tail = 1; head < tail && tail < LOCAL_SEARCH_LIMIT; head++) {
      const p = queue[head] as number;
      for (let j = offsets[p] as number; j < (offsets[p + 1] as number); j++) {
        const nb = neighbours[j] as number;
        if (seen[nb] === mark || !inGroup(nb)) continue;
        seen[nb] = mark;
        if (this.target[nb] === mark && ++found === wanted) return true;
        queue[tail++] = nb;
      }
    }
    return false;
  }

  private turfWeights(): Float64Array {
    const weights = new Float64Array(this.k);
    const { w } = this.places;
    this.turfOf.forEach((turf, p) => {
      if (turf >= 0) weights[turf] = (weights[turf] as number) + (w[p] as number);
    });
    return weights;
  }

  /**
   * Makes each turf one connected piece: a piece holding places locked to the turf's rep is joined
   * to the rest by the shortest path through places not locked to others (taken from their
   * turfs); other stray pieces go to the lightest neighbouring turfs. Answers the reps whose
   * locked places stay apart.
   */
  joinTurfs(): number[] {
    for (let round = 0; round < 5 && this.joinRound(true); round++);
    // Last, stray pieces without locked places go to their neighbours; turfs still apart are named.
    this.joinRound(false);
    const apart: number[] = [];
    const lists = this.turfLists();
    for (let turf = 0; turf < this.k; turf++)
      if (this.components(lists[turf] ?? [], (p) => this.turfOf[p] === turf).length > 1) apart.push(turf);
    return apart;
  }

  private turfLists(): number[][] {
    const lists: number[][] = Array.from({ length: this.k }, () => []);
    this.turfOf.forEach((turf, p) => {
      if (turf >= 0) lists[turf]?.push(p);
    });
    return lists;
  }

  /** One pass of joinTurfs (claiming paths or not); answers whether anything changed. */
  private joinRound(claim: boolean): boolean {
    const { lock } = this.places;
    let changed = false;
    const lists = this.turfLists();
    for (let turf = 0; turf < this.k; turf++) {
      const pieces = this.components(lists[turf] ?? [], (p) => this.turfOf[p] === turf);
      if (pieces.length <= 1) continue;
      const lockedIn = (piece: number[]) => piece.filter((p) => lock[p] === turf).length;
      pieces.sort((a, b) => lockedIn(b) - lockedIn(a) || b.length - a.length);
      const [core, ...strays] = pieces as [number[], ...number[][]];
      for (const stray of strays) {
        if (lockedIn(stray) === 0) {
          for (const p of stray) this.turfOf[p] = -1;
          changed = true;
        } else if (claim && this.claimPath(stray, core, turf)) changed = true;
      }
    }
    this.fillUnassigned();
    return changed;
  }

  /**
   * Gives `turf` a path of places (none locked to another rep) from `from` to `to`, the one that
   * takes the fewest places from other turfs.
   */
  private claimPath(from: number[], to: number[], turf: number): boolean {
    const { offsets, neighbours } = this.graph;
    const { lock, n } = this.places;
    const goal = ++this.visit;
    for (const p of to) this.target[p] = goal;
    const taken = new Int32Array(n).fill(-1);
    const previous = new Int32Array(n).fill(-1);
    let current = [...from];
    for (const p of from) taken[p] = 0;
    for (let level = 0; current.length > 0; level++) {
      const next: number[] = [];
      for (let head = 0; head < current.length; head++) {
        const p = current[head] as number;
        if (taken[p] !== level) continue;
        if (this.target[p] === goal) {
          for (let q = p; q !== -1; q = previous[q] as number) this.turfOf[q] = turf;
          return true;
        }
        for (let j = offsets[p] as number; j < (offsets[p + 1] as number); j++) {
          const nb = neighbours[j] as number;
          const rep = lock[nb] as number;
          if (rep >= 0 && rep !== turf) continue;
          const cost = this.turfOf[nb] === turf ? 0 : 1;
          const reached = taken[nb] as number;
          if (reached !== -1 && reached <= level + cost) continue;
          taken[nb] = level + cost;
          previous[nb] = p;
          (cost === 0 ? current : next).push(nb);
        }
      }
      current = next;
    }
    return false;
  }

  /** Gives each place without a turf to its lightest neighbouring turf, spreading from the turfs. */
  private fillUnassigned(): void {
    const { offsets, neighbours } = this.graph;
    const { w, n } = this.places;
    const weights = this.turfWeights();
    const hasTurf = (p: number) => (this.turfOf[p] as number) >= 0;
    const queue: number[] = [];
    for (let p = 0; p < n; p++) {
      if (hasTurf(p)) continue;
      for (let j = offsets[p] as number; j < (offsets[p + 1] as number); j++)
        if (hasTurf(neighbours[j] as number)) {
          queue.push(p);
          break;
        }
    }
    for (let head = 0; head < queue.length; head++) {
      const p = queue[head] as number;
      if (hasTurf(p)) continue;
      let best = -1;
      for (let j = offsets[p] as number; j < (offsets[p + 1] as number); j++) {
        const turf = this.turfOf[neighbours[j] as number] as number;
        if (turf >= 0 && (best < 0 || (weights[turf] as number) < (weights[best] as number))) best = turf;
        else if (turf < 0) queue.push(neighbours[j] as number);
      }
      this.turfOf[p] = best;
      weights[best] = (weights[best] as number) + (w[p] as number);
    }
    // A place no turf reaches (the graph is connected, so there should be none) goes to the lightest.
    for (let p = 0; p < n; p++) {
      if (hasTurf(p)) continue;
      const lightest = weights.indexOf(Math.min(...weights));
      this.turfOf[p] = lightest;
      weights[lightest] = (weights[lightest] as number) + (w[p] as number);
    }
  }

  /** Moves border places from heavier turfs to lighter neighbours while that evens the weights. */
  refine(): void {
    const { offsets, neighbours } = this.graph;
    const { w, lock, n } = this.places;
    const weights = this.turfWeights();
    const counts = new Int32Array(this.k);
    for (const turf of this.turfOf) if (turf >= 0) counts[turf] = (counts[turf] as number) + 1;
    const total = weights.reduce((a, b) => a + b, 0);
    const bound = (REFINE_GOAL * total) / this.k;
    const mean = total / this.k;
    const { part } = this.graph;
    // Places move only within their part of the region (their turf's outline stays in one piece).
    const lightestBeside = (p: number, turf: number) => {
      let best = -1;
      for (let j = offsets[p] as number; j < (offsets[p + 1] as number); j++) {
        if (part[neighbours[j] as number] !== part[p]) continue;
        const other = this.turfOf[neighbours[j] as number] as number;
        if (other !== turf && (best < 0 || (weights[other] as number) < (weights[best] as number)))
          best = other;
      }
      return best;
    };
    for (let round = 0; round < REFINE_ROUNDS; round++) {
      if (weights.every((weight) => Math.abs(weight - mean) <= bound)) return;
      const moves: [score: number, place: number][] = [];
      for (let p = 0; p < n; p++) {
        const weight = w[p] as number;
        if ((lock[p] as number) >= 0 || weight <= 0) continue;
        const turf = this.turfOf[p] as number;
        const other = lightestBeside(p, turf);
        if (other < 0 || (weights[turf] as number) - (weights[other] as number) <= weight) continue;
        let score = 0;
        for (let j = offsets[p] as number; j < (offsets[p + 1] as number); j++) {
          const nb = this.turfOf[neighbours[j] as number];
          if (nb === other) score++;
          else if (nb === turf) score--;
        }
        moves.push([score, p]);
      }
      moves.sort((a, b) => b[0] - a[0]);
      let moved = 0;
      for (const [, p] of moves) {
        const turf = this.turfOf[p] as number;
        const other = lightestBeside(p, turf);
        const weight = w[p] as number;
        if (other < 0 || (weights[turf] as number) - (weights[other] as number) <= weight) continue;
        if ((counts[turf] as number) <= 1 || !this.staysConnected(p, (q) => this.turfOf[q] === turf))
          continue;
        this.turfOf[p] = other;
        weights[turf] = (weights[turf] as number) - weight;
        weights[other] = (weights[other] as number) + weight;
        counts[turf] = (counts[turf] as number) - 1;
        counts[other] = (counts[other] as number) + 1;
        moved++;
      }
      if (moved === 0) return;
    }
  }
}

/**
 * Which reps cut which part of the region: a rep with locked places in the part holding most of
 * them, the others one by one to the part furthest below its share of the weight.
 */
function repsByPart(places: Places, graph: PlaceGraph, reps: number[]): number[][] {
  const { parts, part } = graph;
  const { w, lock } = places;
  const weight = new Float64Array(parts);
  const locked = new Map<number, Float64Array>();
  let total = 0;
  part.forEach((at, p) => {
    weight[at] = (weight[at] as number) + (w[p] as number);
    total += w[p] as number;
    const rep = lock[p] as number;
    if (rep < 0) return;
    const byPart = locked.get(rep) ?? new Float64Array(parts);
    byPart[at] = (byPart[at] as number) + (w[p] as number) + 1e-9;
    locked.set(rep, byPart);
  });
  const byPart: number[][] = Array.from({ length: parts }, () => []);
  const room = Array.from(weight, (partWeight) => (reps.length * partWeight) / (total || 1));
  const give = (rep: number, at: number) => {
    byPart[at]?.push(rep);
    room[at] = (room[at] as number) - 1;
  };
  for (const rep of reps) {
    const at = locked.get(rep);
    if (at) give(rep, at.indexOf(Math.max(...at)));
  }
  for (const rep of reps) if (!locked.has(rep)) give(rep, room.indexOf(Math.max(...room)));
  return byPart;
}

/** Shares the places among `k` reps (see the file's comment); `random` turns the cuts (a seed). */
export function partitionPlaces(
  places: Places,
  graph: PlaceGraph,
  k: number,
  random?: () => number,
): Partition {
  const cutter = new Cutter(places, graph, k, random);
  const reps = Array.from({ length: k }, (_, i) => i);
  if (random) {
    for (let i = reps.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [reps[i], reps[j]] = [reps[j] as number, reps[i] as number];
    }
  }
  if (graph.parts === 1)
    cutter.bisect(
      Int32Array.from({ length: places.n }, (_, i) => i),
      reps,
    );
  else {
    // Each part of the region is cut among its own reps; the places of a part too small for a rep
    // go to the turfs beside them (joinTurfs), though their turf cannot then be one outline.
    const members: number[][] = Array.from({ length: graph.parts }, () => []);
    graph.part.forEach((part, p) => {
      members[part]?.push(p);
    });
    repsByPart(places, graph, reps).forEach((partReps, part) => {
      if (partReps.length) cutter.bisect(Int32Array.from(members[part] ?? []), partReps);
    });
  }
  cutter.keepLocks();
  cutter.joinTurfs();
  cutter.refine();
  return { turfOf: cutter.turfOf, locksApart: cutter.joinTurfs() };
}
