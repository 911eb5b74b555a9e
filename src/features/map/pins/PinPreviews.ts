/**
 * Pins shown ahead of their write: a knock recolours its pin at once, while the status change is
 * still being saved on the device. The database's next change of the pin speaks for it from then
 * on; if the write fails, the pin goes back to what it was (unless the database changed it since).
 */
import type { PinRow } from '#src/device/hooks/usePinView.ts';
import { applyStatusChange, type DealStage } from '#src/domain/dealStages.ts';

export class PinPreviews {
  /** The pins as they were before their preview, by id. */
  private before = new Map<string, PinRow>();

  /** How many pins wait for their write. */
  get size(): number {
    return this.before.size;
  }

  /**
   * The pin with its new status, in the stage that status belongs to (the deal-stage rule), and
   * marked not yet synced; undefined when there is no such pin or its status would not change.
   */
  start(current: PinRow | undefined, status: string, stages: readonly DealStage[]): PinRow | undefined {
    if (!current || current.removed || current.status === status) return undefined;
    if (!this.before.has(current._id)) this.before.set(current._id, current);
    const moved = applyStatusChange(
      stages,
      { deal_stage: current.stage || null, deal_stage_status: current.status },
      status,
    );
    return { ...current, status: moved.deal_stage_status, stage: moved.deal_stage ?? '', pending: true };
  }

  /** The database wrote these pins: they speak for themselves now. */
  settle(ids: Iterable<string>): void {
    for (const id of ids) this.before.delete(id);
  }

  /** Their writes failed: the pins to put back, those the database has not changed since. */
  end(ids: readonly string[]): PinRow[] {
    const back: PinRow[] = [];
    for (const id of ids) {
      const pin = this.before.get(id);
      if (!pin) continue;
      this.before.delete(id);
      back.push(pin);
    }
    return back;
  }

  /** Every pin read again from the database: nothing is ahead of it any more. */
  clear(): void {
    this.before.clear();
  }
}
