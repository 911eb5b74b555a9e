/**
 * Verified knocks (SPEC section 2, leaderboard): every status change made at the door carries where
 * the device was; the server measures it against the lead's pin and classifies it, and the
 * leaderboard can count only the knocks made in front of the house. Both sides use these rules.
 */

/** A knock within this many metres of the pin, with a precise enough fix, is verified. */
export const KNOCK_VERIFIED_METERS = 25;
/** The worst fix accuracy (metres) a verified knock may have. */
export const KNOCK_VERIFIED_ACCURACY = 30;
/** A knock within this many metres of the pin (and not verified) is near; farther is far. */
export const KNOCK_NEAR_METERS = 100;

export const KNOCK_CLASSIFICATIONS = ['verified', 'near', 'far', 'unknown'] as const;
export type KnockClassification = (typeof KNOCK_CLASSIFICATIONS)[number];

export interface LatLng {
  lat: number;
  lng: number;
}

/** The device's fix: where, and how precisely (metres; missing means not known). */
export interface KnockFix extends LatLng {
  accuracy?: number | null | undefined;
}

const EARTH_RADIUS_METERS = 6_371_008.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres between two points (haversine on the mean Earth radius). */
export function distanceMeters(a: LatLng, b: LatLng): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

const isPoint = (p: LatLng | null | undefined): p is LatLng =>
  !!p && Number.isFinite(p.lat) && Number.isFinite(p.lng) && Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180;

export interface KnockVerdict {
  classification: KnockClassification;
  /** Metres from the pin; null when either point is missing. */
  distance_m: number | null;
}

/**
 * How a knock stands against the lead's pin: unknown without a position or a pin; verified within
 * {@link KNOCK_VERIFIED_METERS} with an accuracy of at most {@link KNOCK_VERIFIED_ACCURACY}; near
 * within {@link KNOCK_NEAR_METERS} (a close knock with a poor or unknown accuracy is near too); far beyond.
 */
export function classifyKnock(
  position: KnockFix | null | undefined,
  pin: LatLng | null | undefined,
): KnockVerdict {
  if (!isPoint(position) || !isPoint(pin)) return { classification: 'unknown', distance_m: null };
  const distance = distanceMeters(position, pin);
  const accuracy = position.accuracy;
  const precise = typeof accuracy === 'number' && accuracy >= 0 && accuracy <= KNOCK_VERIFIED_ACCURACY;
  if (distance <= KNOCK_VERIFIED_METERS && precise)
    return { classification: 'verified', distance_m: distance };
  if (distance <= KNOCK_NEAR_METERS) return { classification: 'near', distance_m: distance };
  return { classification: 'far', distance_m: distance };
}

/** The fields of a knock row the statistics read. */
export interface KnockRecord {
  user_id?: string | null | undefined;
  knocked_at?: string | null | undefined;
  classification?: string | null | undefined;
  distance_m?: number | null | undefined;
  deleted_at?: string | null | undefined;
}

/** A tracked path: whose, and when it started and ended (an open path has no end). */
export interface FieldPath {
  id: string;
  user_id?: string | null | undefined;
  started_at?: string | null | undefined;
  ended_at?: string | null | undefined;
}

/** A point of a path: only its time matters here. */
export interface FieldPoint {
  path_id?: string | null | undefined;
  recorded_at?: string | null | undefined;
}

export interface KnockPeriod {
  start: Date;
  end: Date;
}

export interface KnockStats {
  knocks: number;
  verified: number;
  near: number;
  far: number;
  unknown: number;
  /** Mean distance from the pin of the knocks that have one; null when none has. */
  average_distance_m: number | null;
  /** Time on tracked paths within the period, in milliseconds. */
  time_in_field_ms: number;
}

const emptyStats = (): KnockStats => ({
  knocks: 0,
  verified: 0,
  near: 0,
  far: 0,
  unknown: 0,
  average_distance_m: null,
  time_in_field_ms: 0,
});

const timeOf = (value: string | null | undefined): number => (value ? Date.parse(value) : Number.NaN);

/** A classification as stored, read safely: anything unexpected counts as unknown. */
export function knockClassificationOf(value: unknown): KnockClassification {
  return (KNOCK_CLASSIFICATIONS as readonly unknown[]).includes(value)
    ? (value as KnockClassification)
    : 'unknown';
}

/**
 * Each person's knocks in [start, end) by classification, their average distance from the pin, and
 * their time in the field: the sum of their paths' durations (started_at to ended_at, or the first
 * to the last point when an end is missing) clipped to the period.
 */
export function knockStats(
  knocks: readonly KnockRecord[],
  paths: readonly FieldPath[],
  points: readonly FieldPoint[],
  period: KnockPeriod,
): Map<string, KnockStats> {
  const from = period.start.getTime();
  const to = period.end.getTime();
  const stats = new Map<string, KnockStats>();
  const of = (user: string) => {
    const known = stats.get(user);
    if (known) return known;
    const fresh = emptyStats();
    stats.set(user, fresh);
    return fresh;
  };
  const distanceSums = new Map<string, { sum: number; count: number }>();
  for (const k of knocks) {
    if (k.deleted_at || !k.user_id) continue;
    const at = timeOf(k.knocked_at);
    if (!(at >= from && at < to)) continue;
    const s = of(k.user_id);
    s.knocks += 1;
    s[knockClassificationOf(k.classification)] += 1;
    if (typeof k.distance_m === 'number' && Number.isFinite(k.distance_m)) {
      const d = distanceSums.get(k.user_id) ?? { sum: 0, count: 0 };
      d.sum += k.distance_m;
      d.count += 1;
      distanceSums.set(k.user_id, d);
    }
  }
  for (const [user, d] of distanceSums) of(user).average_distance_m = d.sum / d.count;

  const pointSpans = new Map<string, { first: number; last: number }>();
  for (const p of points) {
    const at = timeOf(p.recorded_at);
    if (!p.path_id || !Number.isFinite(at)) continue;
    const span = pointSpans.get(p.path_id);
    if (!span) pointSpans.set(p.path_id, { first: at, last: at });
    else {
      span.first = Math.min(span.first, at);
      span.last = Math.max(span.last, at);
    }
  }
  for (const path of paths) {
    if (!path.user_id) continue;
    const span = pointSpans.get(path.id);
    const started = Number.isFinite(timeOf(path.started_at)) ? timeOf(path.started_at) : span?.first;
    const ended = Number.isFinite(timeOf(path.ended_at)) ? timeOf(path.ended_at) : span?.last;
    if (started === undefined || ended === undefined) continue;
    const clipped = Math.min(ended, to) - Math.max(started, from);
    if (clipped > 0) of(path.user_id).time_in_field_ms += clipped;
  }
  return stats;
}
