/**
 * The map's pin worker: reads the pin index from the user's database, keeps it clustered and
 * filtered (PinClusters), and answers the map with what is in view. Exposed through comlink.
 */
import * as Comlink from 'comlink';
// biome-ignore lint/style/noRestrictedImports: a worker's code opens its own connection to the device database (src/device/README.md, rule 5)
import { type PinChange, tombstoneOf } from '#src/db/pinIndex.ts';
// biome-ignore lint/style/noRestrictedImports: a worker's code opens its own connection to the device database (src/device/README.md, rule 5)
import { PinIndexStore } from '#src/db/pinIndexStore.ts';
import type { DealStage } from '#src/domain/dealStages.ts';
import type { LassoArea } from '../utils/lassoArea.ts';
import { PinClusters, type PinFilters, type PinSnapshot } from './PinClusters.ts';
import { PinPreviews } from './PinPreviews.ts';

/** Changes since the snapshot beyond which a new one is worth writing. */
const SNAPSHOT_AFTER_CHANGES = 500;
/** How long writes must pause before a snapshot is written (it keeps the worker busy a moment). */
const SNAPSHOT_QUIET_MS = 5000;

export class PinIndexService {
  private db: PinIndexStore<PinSnapshot> | undefined;
  private clusters = new PinClusters();
  private stages: readonly DealStage[] = [];
  private previews = new PinPreviews();
  private seenSeq = 0;
  private snapshotSeq = -1;
  private changedSinceSnapshot = 0;
  private snapshotTimer: ReturnType<typeof setTimeout> | undefined;

  /** Opens the signed-in user's database and loads every pin; answers how many there are. */
  async open(databaseName: string): Promise<number> {
    this.db?.close();
    this.db = new PinIndexStore<PinSnapshot>(databaseName);
    await this.reload();
    this.clusters.prepare();
    this.scheduleSnapshot();
    return this.clusters.size;
  }

  /**
   * Catches up with writes since the last call; answers whether anything changed. `holdSnapshot`
   * while the device's first sync is still pulling: writing one then would hold up its pages.
   */
  async refresh(holdSnapshot = false): Promise<boolean> {
    const [changes, compacted] = await this.database().changesSince(this.seenSeq);
    // Another tab's worker dropped rows this one had not read yet: start again from its snapshot.
    if (compacted > this.seenSeq) {
      await this.reload();
      return true;
    }
    if (!changes.length) return false;
    this.applyChanges(changes);
    this.changedSinceSnapshot += changes.reduce(
      (n, c) => n + (c.pins?.length ?? 0) + (c.removed?.length ?? 0),
      0,
    );
    if (holdSnapshot) clearTimeout(this.snapshotTimer);
    else this.scheduleSnapshot();
    return true;
  }

  /** Replays change rows in order: later pins win, removed ids go (and a preview of them ends). */
  private applyChanges(changes: PinChange[]): void {
    for (const change of changes) {
      const pins = change.pins ?? [];
      const removed = (change.removed ?? []).map((id) => tombstoneOf(id));
      const all = removed.length ? [...pins, ...removed] : pins;
      this.clusters.apply(all);
      if (this.previews.size) this.previews.settle(all.map((pin) => pin._id));
      this.seenSeq = Math.max(this.seenSeq, change.seq ?? 0);
    }
  }

  /**
   * Shows a lead's pin with a new status before its write commits (a knock); answers whether it
   * changed. Its write's change row takes over when it is read (`refresh`).
   */
  previewStatus(id: string, status: string): boolean {
    const pin = this.previews.start(this.clusters.get(id), status, this.stages);
    if (pin) this.clusters.apply([pin]);
    return pin !== undefined;
  }

  /** The previewed writes failed: their pins as the database still has them. Answers whether any changed. */
  endPreview(ids: string[]): boolean {
    const back = this.previews.end(ids);
    if (back.length) this.clusters.apply(back);
    return back.length > 0;
  }

  setStages(stages: DealStage[]): void {
    this.stages = stages;
    this.clusters.setStages(stages);
  }

  setFilters(filters: PinFilters): number {
    this.clusters.setFilters(filters);
    return this.clusters.shown;
  }

  /**
   * What is in view, with the pin index version it reflects (the last change read) and the counts:
   * all of it answered at one moment, so it can be kept and shown again while nothing changed.
   */
  view(bbox: [number, number, number, number], zoom: number) {
    return {
      features: this.clusters.features(bbox, zoom),
      version: this.seenSeq,
      key: this.clusters.viewKey,
      shown: this.clusters.shown,
      total: this.clusters.size,
      previewing: this.previews.size > 0,
    };
  }

  expansionZoom(clusterId: number): number {
    return this.clusters.expansionZoom(clusterId);
  }

  near(lng: number, lat: number, metres: number) {
    return this.clusters.near(lng, lat, metres).slice(0, 5);
  }

  /** The shown pins inside a drawn area (the lasso), by id. */
  inArea(area: LassoArea): string[] {
    return this.clusters.inArea(area);
  }

  searchAddress(query: string, limit = 5) {
    return this.clusters.searchAddress(query, limit);
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

  /** Loads the saved snapshot (if any) and replays every change row after it. */
  private async reload(): Promise<void> {
    const { snapshot, changes } = await this.database().snapshotAndChanges();
    const from = snapshot?.seq ?? 0;
    if (snapshot) this.clusters.loadSnapshot(snapshot);
    else this.clusters.load([]);
    this.previews.clear();
    this.seenSeq = from;
    this.applyChanges(changes);
    this.snapshotSeq = snapshot ? snapshot.seq : -1;
    this.changedSinceSnapshot = changes.reduce(
      (n, c) => n + (c.pins?.length ?? 0) + (c.removed?.length ?? 0),
      0,
    );
  }

  /**
   * Saves a snapshot once writes have paused for a few seconds (never in the middle of a first
   * sync), when there is none yet or many pins changed since the last.
   */
  private scheduleSnapshot(): void {
    if (this.snapshotSeq >= 0 && this.changedSinceSnapshot < SNAPSHOT_AFTER_CHANGES) return;
    clearTimeout(this.snapshotTimer);
    this.saveLater();
  }

  private saveLater(): void {
    this.snapshotTimer = setTimeout(() => {
      this.snapshotTimer = undefined;
      void this.saveSnapshot().catch((err) => console.warn('pin snapshot not saved', err));
    }, SNAPSHOT_QUIET_MS);
  }

  /** Saves the pins as of the last row read, and drops the rows the snapshot now holds. */
  private async saveSnapshot(): Promise<void> {
    // Never a pin whose write may still fail: later, once the previews are settled.
    if (this.previews.size) return this.saveLater();
    const snapshot = this.clusters.snapshot(this.seenSeq, 0);
    // Not saved when another tab saved a newer one meanwhile.
    await this.database().saveSnapshot(snapshot);
    this.snapshotSeq = snapshot.seq;
    this.changedSinceSnapshot = 0;
  }

  private database(): PinIndexStore<PinSnapshot> {
    if (!this.db) throw new Error('the pin worker has no database open');
    return this.db;
  }
}

Comlink.expose(new PinIndexService());
