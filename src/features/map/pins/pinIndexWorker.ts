/**
 * The map's pin worker: reads the pin index from the user's database, keeps it clustered and
 * filtered (PinClusters), and answers the map with what is in view. Exposed through comlink.
 */
import * as Comlink from 'comlink';
import { CrmDatabase } from '../../../db/database.ts';
import { type PinChange, tombstoneOf } from '../../../db/pinIndex.ts';
import type { DealStage } from '../../../domain/dealStages.ts';
import { PinClusters, type PinFilters, type PinSnapshot } from './PinClusters.ts';

/** Where the worker keeps its columnar copy of the index (see PinSnapshot). */
export const PIN_SNAPSHOT = 'pin_snapshot';
/** Changes since the snapshot beyond which a new one is worth writing. */
const SNAPSHOT_AFTER_CHANGES = 500;

export class PinIndexService {
  private db: CrmDatabase | undefined;
  private clusters = new PinClusters();
  private seenSeq = 0;
  private snapshotSeq = -1;
  private changedSinceSnapshot = 0;
  private snapshotTimer: ReturnType<typeof setTimeout> | undefined;

  /** Opens the signed-in user's database and loads every pin; answers how many there are. */
  async open(databaseName: string): Promise<number> {
    this.db?.close();
    this.db = new CrmDatabase(databaseName);
    await this.reload();
    this.clusters.prepare();
    this.scheduleSnapshot();
    return this.clusters.size;
  }

  /** Catches up with writes since the last call; answers whether anything changed. */
  async refresh(): Promise<boolean> {
    const db = this.database();
    const changes = await db.pin_changes.where(':id').above(this.seenSeq).toArray();
    if (!changes.length) return false;
    if (changes.some((c) => c.reset)) {
      await this.reload();
      return true;
    }
    await this.applyChanges(changes);
    this.changedSinceSnapshot += changes.length;
    this.scheduleSnapshot();
    return true;
  }

  /** Reads the pins named by these changes; a pin no longer there was removed. */
  private async applyChanges(changes: PinChange[]): Promise<void> {
    const db = this.database();
    const ids = [...new Set(changes.flatMap((c) => c.ids ?? []))];
    const pins = await db.pins.bulkGet(ids);
    this.clusters.apply(pins.map((pin, i) => pin ?? tombstoneOf(ids[i] as string)));
    this.seenSeq = changes.reduce((max, c) => Math.max(max, c.seq ?? 0), this.seenSeq);
  }

  setStages(stages: DealStage[]): void {
    this.clusters.setStages(stages);
  }

  setFilters(filters: PinFilters): number {
    this.clusters.setFilters(filters);
    return this.clusters.shown;
  }

  features(bbox: [number, number, number, number], zoom: number) {
    return this.clusters.features(bbox, zoom);
  }

  expansionZoom(clusterId: number): number {
    return this.clusters.expansionZoom(clusterId);
  }

  near(lng: number, lat: number, metres: number) {
    return this.clusters.near(lng, lat, metres).slice(0, 5);
  }

  sameAddress(address: string) {
    return this.clusters.sameAddress(address).slice(0, 5);
  }

  get(id: string) {
    return this.clusters.get(id);
  }

  bounds() {
    return this.clusters.bounds();
  }

  counts(): { total: number; shown: number } {
    return { total: this.clusters.size, shown: this.clusters.shown };
  }

  /**
   * Loads the saved snapshot and the pins changed since, or every pin when there is no usable
   * snapshot (first open, or the contacts were cleared since).
   */
  private async reload(): Promise<void> {
    const db = this.database();
    await db.transaction('r', [db.pins, db.pin_changes, db.meta], async () => {
      const [snapshot, last] = await Promise.all([
        db.meta.get(PIN_SNAPSHOT).then((e) => e?.value as PinSnapshot | undefined),
        db.pin_changes.toCollection().lastKey(),
      ]);
      const since = snapshot ? await db.pin_changes.where(':id').above(snapshot.seq).toArray() : [];
      if (snapshot && snapshot.seq <= Number(last ?? 0) && !since.some((c) => c.reset)) {
        this.clusters.loadSnapshot(snapshot);
        this.seenSeq = snapshot.seq;
        await this.applyChanges(since);
        this.snapshotSeq = snapshot.seq;
        this.changedSinceSnapshot = since.length;
      } else {
        this.clusters.load(await db.pins.toArray());
        this.snapshotSeq = -1;
      }
      this.seenSeq = Math.max(this.seenSeq, Number(last ?? 0));
    });
  }

  /**
   * Saves a snapshot once writes have paused for a few seconds (never in the middle of a first
   * sync), when there is none yet or many pins changed since the last.
   */
  private scheduleSnapshot(): void {
    if (this.snapshotSeq >= 0 && this.changedSinceSnapshot < SNAPSHOT_AFTER_CHANGES) return;
    clearTimeout(this.snapshotTimer);
    this.snapshotTimer = setTimeout(() => {
      this.snapshotTimer = undefined;
      void this.saveSnapshot().catch((err) => console.warn('pin snapshot not saved', err));
    }, 3000);
  }

  private async saveSnapshot(): Promise<void> {
    const db = this.database();
    const snapshot = this.clusters.snapshot(this.seenSeq, 0);
    await db.meta.put({ key: PIN_SNAPSHOT, value: snapshot });
    this.snapshotSeq = snapshot.seq;
    this.changedSinceSnapshot = 0;
  }

  private database(): CrmDatabase {
    if (!this.db) throw new Error('the pin worker has no database open');
    return this.db;
  }
}

Comlink.expose(new PinIndexService());
