/**
 * The pins the map shows: the device's pin index, filtered, clustered (supercluster) and coloured
 * by the deal-stage configuration. Runs in a worker (pinIndexWorker.ts) so 100,000 pins never block
 * a frame; the map only receives the clusters and pins of the area in view.
 * A status change only recolours (no re-clustering); a position change, an added or removed pin or
 * a filter change rebuilds the clusters.
 */
import turfDistance from '@turf/distance';
import Supercluster, { type PointFeature } from 'supercluster';
import type { PinRow } from '#src/device/hooks/usePinView.ts';
import { DEFAULT_DEAL_STAGES, type DealStage, statusColor } from '#src/domain/dealStages.ts';
import { type LassoArea, pinsInArea } from '../utils/lassoArea.ts';

export interface PinFilters {
  stages?: string[];
  statuses?: string[];
  owners?: string[];
  teams?: string[];
  /** Last touched within this many days (`within`) or not for at least this many (`untouchedFor`). */
  touched?: { within?: number; untouchedFor?: number };
  /** Only these contacts (a table view's rows); all when absent. */
  ids?: string[];
}

export interface PinProperties {
  id: string;
  color: string;
  status: string;
  name: string;
  pending: boolean;
}

export type MapFeature = GeoJSON.Feature<
  GeoJSON.Point,
  | PinProperties
  | { cluster: true; cluster_id: number; point_count: number; point_count_abbreviated: string | number }
>;

const DAY_MS = 86_400_000;

/** What a view's features depend on besides the pins: the stages (colours) and the filters. */
export function pinViewKey(stages: readonly DealStage[], filters: PinFilters): string {
  return JSON.stringify([stages, filters]);
}

/**
 * Every pin in columns: what the worker saves to open fast next time (one IndexedDB record
 * instead of one per contact), together with the pin sequence it is current to.
 */
export interface PinSnapshot {
  seq: number;
  epoch: number;
  ids: string[];
  lng: Float64Array;
  lat: Float64Array;
  status: string[];
  stage: string[];
  owner: (string | null)[];
  team: (string | null)[];
  name: string[];
  address: string[];
  touchedAt: (string | null)[];
  touchedBy: (string | null)[];
  pending: Uint8Array;
}

export class PinClusters {
  private pins = new Map<string, PinRow>();
  private stages: readonly DealStage[] = DEFAULT_DEAL_STAGES;
  private filters: PinFilters = {};
  private idSet: Set<string> | undefined;
  private index: Supercluster<{ id: string }> | undefined;
  private indexed = 0;

  private readonly now: () => number;

  constructor(now: () => number = Date.now) {
    this.now = now;
  }

  /** Replaces everything (first load, or after the contacts were cleared). */
  load(pins: readonly PinRow[]): void {
    this.pins = new Map();
    for (const pin of pins) if (!pin.removed) this.pins.set(pin._id, pin);
    this.index = undefined;
  }

  /** The pins as columns, to save; positions missing are NaN. */
  snapshot(seq: number, epoch: number): PinSnapshot {
    const n = this.pins.size;
    const s: PinSnapshot = {
      seq,
      epoch,
      ids: new Array(n),
      lng: new Float64Array(n),
      lat: new Float64Array(n),
      status: new Array(n),
      stage: new Array(n),
      owner: new Array(n),
      team: new Array(n),
      name: new Array(n),
      address: new Array(n),
      touchedAt: new Array(n),
      touchedBy: new Array(n),
      pending: new Uint8Array(n),
    };
    let i = 0;
    for (const p of this.pins.values()) {
      s.ids[i] = p._id;
      s.lng[i] = p.lng ?? Number.NaN;
      s.lat[i] = p.lat ?? Number.NaN;
      s.status[i] = p.status;
      s.stage[i] = p.stage;
      s.owner[i] = p.owner_id;
      s.team[i] = p.team_id;
      s.name[i] = p.name;
      s.address[i] = p.address;
      s.touchedAt[i] = p.touched_at;
      s.touchedBy[i] = p.touched_by;
      s.pending[i] = p.pending ? 1 : 0;
      i++;
    }
    return s;
  }

  /** Replaces everything with a saved snapshot (then apply what changed since its seq). */
  loadSnapshot(s: PinSnapshot): void {
    this.pins = new Map();
    for (let i = 0; i < s.ids.length; i++) {
      const lng = s.lng[i] as number;
      const lat = s.lat[i] as number;
      this.pins.set(s.ids[i] as string, {
        _id: s.ids[i] as string,
        lng: Number.isNaN(lng) ? null : lng,
        lat: Number.isNaN(lat) ? null : lat,
        status: s.status[i] as string,
        stage: s.stage[i] as string,
        owner_id: s.owner[i] ?? null,
        team_id: s.team[i] ?? null,
        name: s.name[i] as string,
        address: s.address[i] as string,
        touched_at: s.touchedAt[i] ?? null,
        touched_by: s.touchedBy[i] ?? null,
        ...(s.pending[i] ? { pending: true } : {}),
      });
    }
    this.index = undefined;
  }

  /** Builds the clusters now (in the worker, while the map is still loading) rather than on first view. */
  prepare(): void {
    this.ensureIndex();
  }

  /** Applies changed pins; answers whether the clusters had to be rebuilt. */
  apply(changes: readonly PinRow[]): boolean {
    let rebuild = false;
    for (const pin of changes) {
      const before = this.pins.get(pin._id);
      if (pin.removed) {
        if (before) rebuild = true;
        this.pins.delete(pin._id);
        continue;
      }
      if (
        !before ||
        before.lng !== pin.lng ||
        before.lat !== pin.lat ||
        this.passes(before) !== this.passes(pin)
      )
        rebuild = true;
      this.pins.set(pin._id, pin);
    }
    if (rebuild) this.index = undefined;
    return rebuild;
  }

  setStages(stages: readonly DealStage[]): void {
    this.stages = stages;
  }

  /** The stages and filters the features are drawn with, as `pinViewKey` writes them. */
  get viewKey(): string {
    return pinViewKey(this.stages, this.filters);
  }

  setFilters(filters: PinFilters): void {
    // Re-clustering 100,000 pins costs a few hundred ms: only when the filters really changed.
    if (JSON.stringify(filters) === JSON.stringify(this.filters)) return;
    this.filters = filters;
    this.idSet = filters.ids ? new Set(filters.ids) : undefined;
    this.index = undefined;
  }

  get size(): number {
    return this.pins.size;
  }

  /** How many pins pass the filters (and have a position). */
  get shown(): number {
    this.ensureIndex();
    return this.indexed;
  }

  /** Clusters and pins inside [west, south, east, north] at a zoom level. */
  features(bbox: [number, number, number, number], zoom: number): MapFeature[] {
    const index = this.ensureIndex();
    return index.getClusters(bbox, Math.round(zoom)).map((f) => {
      const props = f.properties as { id?: string; cluster?: true };
      if (props.cluster) return f as MapFeature;
      const pin = this.pins.get(props.id as string);
      return {
        type: 'Feature',
        geometry: f.geometry,
        properties: {
          id: props.id as string,
          color: statusColor(this.stages, pin?.status),
          status: pin?.status ?? '',
          name: pin?.name ?? '',
          pending: !!pin?.pending,
        },
      };
    });
  }

  /** The zoom at which a cluster falls apart, to zoom into it on tap. */
  expansionZoom(clusterId: number): number {
    return this.ensureIndex().getClusterExpansionZoom(clusterId);
  }

  /** Pins within `metres` of a point, nearest first (the no-double-knock check). */
  near(lng: number, lat: number, metres: number): { pin: PinRow; metres: number }[] {
    const out: { pin: PinRow; metres: number }[] = [];
    for (const pin of this.pins.values()) {
      if (pin.lng === null || pin.lat === null) continue;
      const d = distanceMetres(lng, lat, pin.lng, pin.lat);
      if (d <= metres) out.push({ pin, metres: d });
    }
    return out.sort((a, b) => a.metres - b.metres);
  }

  /** The ids of the pins shown (passing the filters) inside a drawn area: the map's lasso. */
  inArea(area: LassoArea): string[] {
    return pinsInArea(
      [...this.pins.values()].filter((pin) => this.passes(pin)),
      area,
    );
  }

  get(id: string): PinRow | undefined {
    return this.pins.get(id);
  }

  /** The user's own leads whose address or name holds every word of the query. */
  searchAddress(query: string, limit: number): PinRow[] {
    const words = addressKey(query).split(' ').filter(Boolean);
    if (!words.length) return [];
    const out: PinRow[] = [];
    for (const pin of this.pins.values()) {
      if (pin.lng === null || pin.lat === null) continue;
      const text = `${addressKey(pin.address)} ${addressKey(pin.name)}`;
      if (words.every((w) => text.includes(w))) {
        out.push(pin);
        if (out.length >= limit) break;
      }
    }
    return out;
  }

  /** Pins whose address is the same as this one (ignoring case, spaces and punctuation). */
  sameAddress(address: string): PinRow[] {
    const key = addressKey(address);
    if (!key) return [];
    const out: PinRow[] = [];
    for (const pin of this.pins.values()) if (addressKey(pin.address) === key) out.push(pin);
    return out;
  }

  /** [west, south, east, north] around every pin that passes the filters, or undefined when there is none. */
  bounds(): [number, number, number, number] | undefined {
    let w = 180;
    let s = 90;
    let e = -180;
    let n = -90;
    for (const pin of this.pins.values()) {
      if (pin.lng === null || pin.lat === null || !this.passes(pin)) continue;
      w = Math.min(w, pin.lng);
      e = Math.max(e, pin.lng);
      s = Math.min(s, pin.lat);
      n = Math.max(n, pin.lat);
    }
    return w <= e ? [w, s, e, n] : undefined;
  }

  private passes(pin: PinRow): boolean {
    const f = this.filters;
    if (this.idSet && !this.idSet.has(pin._id)) return false;
    if (f.stages?.length && !f.stages.includes(pin.stage)) return false;
    if (f.statuses?.length && !f.statuses.includes(pin.status)) return false;
    if (f.owners?.length && !f.owners.includes(pin.owner_id ?? '')) return false;
    if (f.teams?.length && !f.teams.includes(pin.team_id ?? '')) return false;
    if (f.touched) {
      const at = pin.touched_at ? Date.parse(pin.touched_at) : Number.NaN;
      const age = Number.isNaN(at) ? Number.POSITIVE_INFINITY : this.now() - at;
      if (f.touched.within !== undefined && !(age <= f.touched.within * DAY_MS)) return false;
      if (f.touched.untouchedFor !== undefined && !(age >= f.touched.untouchedFor * DAY_MS)) return false;
    }
    return true;
  }

  private ensureIndex(): Supercluster<{ id: string }> {
    if (this.index) return this.index;
    const points: PointFeature<{ id: string }>[] = [];
    for (const pin of this.pins.values()) {
      if (pin.lng === null || pin.lat === null || !this.passes(pin)) continue;
      points.push({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [pin.lng, pin.lat] },
        properties: { id: pin._id },
      });
    }
    // Cluster icons are 50x50 px (SPEC section 9): a radius of about that keeps them from overlapping.
    // Past zoom 14 a street's worth of pins is in view: they show one by one.
    this.index = new Supercluster<{ id: string }>({ radius: 50, maxZoom: 14, minPoints: 3 }).load(points);
    this.indexed = points.length;
    return this.index;
  }
}

function addressKey(address: string): string {
  return address
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export function distanceMetres(lng1: number, lat1: number, lng2: number, lat2: number): number {
  return turfDistance([lng1, lat1], [lng2, lat2], { units: 'meters' });
}
