import type { DealStage } from './dealStages.ts';
import { soldFrom } from './pipeline.ts';

/** A contact moved between deal stages (the server's 'moved_to' activity). */
export interface StageMove {
  lead_id: string;
  from: string | null;
  to: string | null;
  /** When the move was recorded (ISO). */
  date: string;
}

/** The first moment of the month `now` is in, on the device's clock. */
export function monthStart(now: Date): Date {
  return new Date(now.getFullYear(), now.getMonth(), 1);
}

/**
 * How many of `rows` (contacts) were sold since `since`: they stand on a sold stage now (from the
 * Customer stage on, as `dealFigures` counts sales) and their last move onto a sold stage from an
 * unsold one came on or after `since`. A contact bought back and sold again counts at its last sale.
 */
export function salesSince(
  rows: readonly Record<string, unknown>[],
  moves: readonly StageMove[],
  stages: readonly DealStage[],
  since: Date,
): number {
  const sold = soldFrom(stages);
  if (sold < 1) return 0;
  const position = new Map(stages.map((s, i) => [s.value, i]));
  const isSold = (stage: string | null) => (position.get(stage ?? '') ?? -1) >= sold;
  const soldAt = new Map<string, number>();
  for (const move of moves) {
    if (!isSold(move.to) || isSold(move.from)) continue;
    const at = Date.parse(move.date);
    if (!Number.isNaN(at) && at > (soldAt.get(move.lead_id) ?? -Infinity)) soldAt.set(move.lead_id, at);
  }
  let count = 0;
  for (const row of rows) {
    const at = soldAt.get(String(row._id));
    if (isSold(String(row.deal_stage ?? '')) && at !== undefined && at >= since.getTime()) count++;
  }
  return count;
}
