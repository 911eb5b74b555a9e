/**
 * Path tracking: the rep's route while canvassing. Invariants: points are written to the device
 * in batches (never one transaction per fix) and reach the server as an append-only stream with
 * the other device logs; a path is sent when it starts and again when it ends; a path left open
 * (the app was closed while tracking) resumes when the app opens again.
 */
import { v7 as uuidv7 } from 'uuid';
import type { LogRecord } from '#src/db/rows.ts';
import { rememberFix } from '#src/device/hooks/useKnockPosition.ts';
import type { PathStore } from '#src/device/hooks/usePaths.ts';
import { distanceMetres } from '../pins/PinClusters.ts';

export const POINT_BATCH = 10;
export const POINT_FLUSH_MS = 15_000;
/** Fixes closer than this to the last kept point add nothing to a path. */
export const MIN_STEP_METRES = 3;

export interface PathPoint {
  id: string;
  path_id: string;
  lat: number;
  lng: number;
  accuracy: number | null;
  recorded_at: string;
}

export interface TrackerEnvironment {
  geolocation: Pick<Geolocation, 'watchPosition' | 'clearWatch'>;
  options: PositionOptions;
  now(): Date;
}

export type TrackerEvent =
  | { type: 'started'; pathId: string }
  | { type: 'first-fix' }
  /** A point kept for the path, told at once: it is written to the device with its batch later. */
  | { type: 'point'; point: PathPoint }
  | { type: 'position-error'; beforeFirstFix: boolean; error: GeolocationPositionError }
  | { type: 'saved'; pathId: string; points: number };

export class PathTracker {
  private watchId: number | undefined;
  private pathId: string | undefined;
  private buffer: PathPoint[] = [];
  private lastFlush = 0;
  private last: PathPoint | undefined;
  private fixes = 0;
  private readonly db: PathStore;
  private readonly env: TrackerEnvironment;
  private readonly onEvent: (event: TrackerEvent) => void;

  constructor(db: PathStore, env: TrackerEnvironment, onEvent: (event: TrackerEvent) => void) {
    this.db = db;
    this.env = env;
    this.onEvent = onEvent;
  }

  get activePathId(): string | undefined {
    return this.pathId;
  }

  /** Starts a new path, or resumes the one left open on this device. */
  async start(): Promise<string> {
    if (this.pathId) return this.pathId;
    const open = (await this.db.paths.toArray()).find((p) => !p.ended_at);
    const id = open?.id ?? uuidv7();
    if (!open) {
      await this.db.paths.add({
        id,
        synced: 0,
        name: null,
        started_at: this.env.now().toISOString(),
        ended_at: null,
      });
    }
    this.pathId = id;
    this.fixes = 0;
    this.lastFlush = this.env.now().getTime();
    this.watchId = this.env.geolocation.watchPosition(
      (position) => void this.onPosition(position),
      (error) => this.onEvent({ type: 'position-error', beforeFirstFix: this.fixes === 0, error }),
      this.env.options,
    );
    this.onEvent({ type: 'started', pathId: id });
    return id;
  }

  /** Ends the path: the last points are written and the path is marked ended, to be sent. */
  async stop(): Promise<void> {
    const id = this.pathId;
    if (!id) return;
    if (this.watchId !== undefined) this.env.geolocation.clearWatch(this.watchId);
    this.watchId = undefined;
    await this.flush();
    await this.db.paths.update(id, { ended_at: this.env.now().toISOString(), synced: 0 });
    const points = await this.db.path_points.where('path_id').equals(id).count();
    this.pathId = undefined;
    this.last = undefined;
    this.onEvent({ type: 'saved', pathId: id, points });
  }

  /** Writes the buffered points in one transaction. */
  async flush(): Promise<void> {
    const batch = this.buffer;
    if (!batch.length) return;
    this.buffer = [];
    this.lastFlush = this.env.now().getTime();
    await this.db.path_points.bulkAdd(batch.map((p) => ({ ...p, synced: 0 }) as LogRecord));
  }

  private async onPosition(position: GeolocationPosition): Promise<void> {
    if (!this.pathId) return;
    // The latest fix is where the next knock is made (useKnockPosition).
    rememberFix(position, this.env.now().getTime());
    if (this.fixes++ === 0) this.onEvent({ type: 'first-fix' });
    const point: PathPoint = {
      id: uuidv7(),
      path_id: this.pathId,
      lat: position.coords.latitude,
      lng: position.coords.longitude,
      accuracy: Number.isFinite(position.coords.accuracy) ? position.coords.accuracy : null,
      recorded_at: new Date(position.timestamp || this.env.now().getTime()).toISOString(),
    };
    if (this.last && distanceMetres(this.last.lng, this.last.lat, point.lng, point.lat) < MIN_STEP_METRES)
      return;
    this.last = point;
    this.buffer.push(point);
    this.onEvent({ type: 'point', point });
    if (this.buffer.length >= POINT_BATCH || this.env.now().getTime() - this.lastFlush >= POINT_FLUSH_MS) {
      await this.flush();
    }
  }
}
